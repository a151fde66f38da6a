/**
 * Elicitation: the server asks the user, through the client, for input
 * (2025-06-18+). Form mode carries a flat schema of primitives; URL mode
 * (2025-11-25+) sends the user to a page.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation
 * @module
 */
import type { NotificationParams, RequestParams, Result } from './base.js';
import type { TaskAugmentedParams } from './tasks.js';
/** A text field. */
export interface StringSchema {
    /** Discriminator. */
    readonly type: 'string';
    /** Field label. */
    readonly title?: string;
    /** Field help. */
    readonly description?: string;
    /** Shortest accepted length. */
    readonly minLength?: number;
    /** Longest accepted length. */
    readonly maxLength?: number;
    /** The format the text must have. */
    readonly format?: 'email' | 'uri' | 'date' | 'date-time';
    /** Pre-filled value (2025-11-25+). */
    readonly default?: string;
}
/** A number field. */
export interface NumberSchema {
    /** Discriminator. */
    readonly type: 'number' | 'integer';
    /** Field label. */
    readonly title?: string;
    /** Field help. */
    readonly description?: string;
    /** Smallest accepted value. */
    readonly minimum?: number;
    /** Largest accepted value. */
    readonly maximum?: number;
    /** Pre-filled value (2025-11-25+). */
    readonly default?: number;
}
/** A checkbox. */
export interface BooleanSchema {
    /** Discriminator. */
    readonly type: 'boolean';
    /** Field label. */
    readonly title?: string;
    /** Field help. */
    readonly description?: string;
    /** Pre-filled value. */
    readonly default?: boolean;
}
/** An option value with its display label. */
export interface TitledOption {
    /** The value. */
    readonly const: string;
    /** The label. */
    readonly title: string;
}
/** Pick one of plain values (2025-11-25+). */
export interface UntitledSingleSelectEnumSchema {
    /** Discriminator. */
    readonly type: 'string';
    /** Field label. */
    readonly title?: string;
    /** Field help. */
    readonly description?: string;
    /** The values. */
    readonly enum: readonly string[];
    /** Pre-selected value. */
    readonly default?: string;
}
/** Pick one of labelled values (2025-11-25+). */
export interface TitledSingleSelectEnumSchema {
    /** Discriminator. */
    readonly type: 'string';
    /** Field label. */
    readonly title?: string;
    /** Field help. */
    readonly description?: string;
    /** The options. */
    readonly oneOf: readonly TitledOption[];
    /** Pre-selected value. */
    readonly default?: string;
}
/** Pick several of plain values (2025-11-25+). */
export interface UntitledMultiSelectEnumSchema {
    /** Discriminator. */
    readonly type: 'array';
    /** Field label. */
    readonly title?: string;
    /** Field help. */
    readonly description?: string;
    /** Fewest selections. */
    readonly minItems?: number;
    /** Most selections. */
    readonly maxItems?: number;
    /** The values. */
    readonly items: {
        /** Items are strings. */
        readonly type: 'string';
        /** The values to pick from. */
        readonly enum: readonly string[];
    };
    /** Pre-selected values. */
    readonly default?: readonly string[];
}
/** Pick several of labelled values (2025-11-25+). */
export interface TitledMultiSelectEnumSchema {
    /** Discriminator. */
    readonly type: 'array';
    /** Field label. */
    readonly title?: string;
    /** Field help. */
    readonly description?: string;
    /** Fewest selections. */
    readonly minItems?: number;
    /** Most selections. */
    readonly maxItems?: number;
    /** The options. */
    readonly items: {
        /** The options to pick from. */
        readonly anyOf: readonly TitledOption[];
    };
    /** Pre-selected values. */
    readonly default?: readonly string[];
}
/** Pick one value, labels in `enumNames` (2025-06-18's `EnumSchema`; deprecated from 2025-11-25). */
export interface LegacyTitledEnumSchema {
    /** Discriminator. */
    readonly type: 'string';
    /** Field label. */
    readonly title?: string;
    /** Field help. */
    readonly description?: string;
    /** The values. */
    readonly enum: readonly string[];
    /** Display labels, parallel to `enum`. */
    readonly enumNames?: readonly string[];
    /** Pre-selected value (2025-11-25+). */
    readonly default?: string;
}
/** Any enum field. */
export type EnumSchema = UntitledSingleSelectEnumSchema | TitledSingleSelectEnumSchema | UntitledMultiSelectEnumSchema | TitledMultiSelectEnumSchema | LegacyTitledEnumSchema;
/** One field of a form: a primitive, never a nested object. */
export type PrimitiveSchemaDefinition = StringSchema | NumberSchema | BooleanSchema | EnumSchema;
/** The form: a flat object schema of primitive fields. */
export interface ElicitRequestedSchema {
    /** The dialect (2025-11-25+). */
    readonly $schema?: string;
    /** Always an object. */
    readonly type: 'object';
    /** The fields. */
    readonly properties: {
        readonly [name: string]: PrimitiveSchemaDefinition;
    };
    /** Fields that must be filled. */
    readonly required?: readonly string[];
}
/** Params of a form-mode `elicitation/create`. */
export interface ElicitFormParams extends RequestParams, TaskAugmentedParams {
    /** Form mode; absent means form (2025-11-25+). */
    readonly mode?: 'form';
    /** What is asked, and why. */
    readonly message: string;
    /** The form. */
    readonly requestedSchema: ElicitRequestedSchema;
}
/** Params of a URL-mode `elicitation/create` (2025-11-25+). */
export interface ElicitUrlParams extends RequestParams, TaskAugmentedParams {
    /** URL mode. */
    readonly mode: 'url';
    /** Why the user should open the page. */
    readonly message: string;
    /** The page to open. */
    readonly url: string;
    /** Identifies the elicitation for `notifications/elicitation/complete` (2025-11-25 only, required there). */
    readonly elicitationId?: string;
}
/** Params of `elicitation/create`. */
export type ElicitParams = ElicitFormParams | ElicitUrlParams;
/** A submitted form value: text, number, boolean, or (multi-select, 2025-11-25+) a list of values. */
export type ElicitValue = string | number | boolean | readonly string[];
/** Result of `elicitation/create`. */
export interface ElicitResult extends Result {
    /** `accept`: submitted or consented; `decline`: refused; `cancel`: dismissed. */
    readonly action: 'accept' | 'decline' | 'cancel';
    /** The form values, only for `accept` in form mode. */
    readonly content?: {
        readonly [name: string]: ElicitValue;
    };
}
/** Params of `notifications/elicitation/complete` (2025-11-25 only). */
export interface ElicitationCompleteParams extends NotificationParams {
    /** The URL-mode elicitation that completed. */
    readonly elicitationId: string;
}
//# sourceMappingURL=elicitation.d.ts.map