/**
 * Telemetry: OpenTelemetry spans and metrics for MCP, after the semantic
 * conventions, with providers the application passes in.
 *
 * @module
 */
export type {
  AttributeValue,
  Attributes,
  ContextLike,
  ContextManagerLike,
  HistogramLike,
  MeterLike,
  MeterProviderLike,
  PropagatorLike,
  SpanContextLike,
  SpanLike,
  SpanOptionsLike,
  TelemetryOptions,
  TracerLike,
  TracerProviderLike,
} from './otelTypes.js';
export { ROOT_CONTEXT, spanOf, withSpan } from './context.js';
export { mcpObserver, observed, sessionIdOf, type McpSide } from './mcpObserver.js';
export type { NetworkInfo, SessionFacts } from './mcpAttributes.js';
export { w3cPropagator } from './w3cPropagator.js';
export { instrumentsOf, type Instruments } from './instruments.js';
