/**
 * Builds an `Implementation` (`clientInfo` / `serverInfo`) from options that
 * carry its fields, leaving out the ones not given.
 *
 * @module
 */
import type { Implementation } from './types/index.js';

/** `options`' identity fields as an `Implementation` (absent fields omitted, as `exactOptionalPropertyTypes` wants). */
export function implementationOf(options: Implementation): Implementation {
  return {
    name: options.name,
    version: options.version,
    ...(options.title !== undefined && { title: options.title }),
    ...(options.description !== undefined && { description: options.description }),
    ...(options.websiteUrl !== undefined && { websiteUrl: options.websiteUrl }),
    ...(options.icons !== undefined && { icons: options.icons }),
  };
}
