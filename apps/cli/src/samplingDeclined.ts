/**
 * The CLI's refusal of a sampling request, in a file of its own: the error
 * report (`failure.ts`) recognizes it without loading the client handlers.
 *
 * @module
 */
import { RpcError } from 'mcpkit/jsonrpc';

/** The spec's code for "the user rejected the sampling request". */
const USER_REJECTED = -1;

/**
 * The CLI's refusal of a sampling request: a JSON-RPC error for a
 * handshake-era server; in the stateless era it fails the call here, and is
 * reported as ours.
 */
export class SamplingDeclined extends RpcError {
  constructor() {
    super(USER_REJECTED, 'Sampling declined: the mcpkit command line has no model to sample');
    this.name = 'SamplingDeclined';
  }
}
