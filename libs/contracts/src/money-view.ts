// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';

/**
 * The owner's money in an answer (DEALER.md rule 23, DECISIONS.md §4): costs, profit, the
 * store's balances and money reports are for owners, admins and managers. Staff see stock,
 * selling prices, shops (with their dues and empties), vehicles and their own sales.
 *
 * An answer schema marks such a field with `ownerOnly(…)`; the field is then optional in the
 * contract (a staff member's answer leaves it out) and `staffView(schema)` is the same schema
 * without it, at any depth. The API serializes every answer to a staff member through
 * `staffView` of the route's answer schema, so a marked field never reaches them, whichever
 * route returns it.
 */
const ownerOnlyFields = z.registry<{ ownerOnly: true }>();

const OWNER_ONLY_NOTE = 'Owners, admins and managers only: left out of a staff member’s answer.';

/** Marks an answer field as the owner's money: optional, and left out for staff. */
export function ownerOnly<T extends z.ZodType>(schema: T) {
  const field = schema.optional().meta({ description: OWNER_ONLY_NOTE });
  ownerOnlyFields.add(field, { ownerOnly: true });
  return field;
}

export const isOwnerOnly = (schema: z.ZodType) => ownerOnlyFields.has(schema);

const views = new WeakMap<z.ZodType, z.ZodType>();

/** The answer schema a staff member's answer is written with: `schema` less its `ownerOnly` fields. */
export function staffView(schema: z.ZodType): z.ZodType {
  const known = views.get(schema);
  if (known) return known;
  const view = withoutOwnerOnly(schema);
  views.set(schema, view);
  return view;
}

/** Rebuilds only what holds a marked field; everything else stays the very same schema. */
function withoutOwnerOnly(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    let changed = false;
    const shape: Record<string, z.ZodType> = {};
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      if (isOwnerOnly(field)) {
        changed = true;
        continue;
      }
      const view = staffView(field);
      changed ||= view !== field;
      shape[key] = view;
    }
    // A plain object drops keys it does not know: the marked ones are not written.
    return changed ? z.object(shape) : schema;
  }
  if (schema instanceof z.ZodArray) {
    const element = staffView(schema.element as z.ZodType);
    return element === schema.element ? schema : z.array(element);
  }
  if (schema instanceof z.ZodOptional) {
    const inner = staffView(schema.unwrap() as z.ZodType);
    return inner === schema.unwrap() ? schema : inner.optional();
  }
  if (schema instanceof z.ZodNullable) {
    const inner = staffView(schema.unwrap() as z.ZodType);
    return inner === schema.unwrap() ? schema : inner.nullable();
  }
  if (schema instanceof z.ZodUnion) {
    const options = (schema.options as z.ZodType[]).map(staffView);
    return options.every((o, i) => o === schema.options[i]) ? schema : z.union(options as [z.ZodType, ...z.ZodType[]]);
  }
  return schema;
}
