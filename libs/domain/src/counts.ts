// What a stock count may say for each kind of item (DEALER.md rule 11): cylinders are counted as
// full, empty and problem; stoves and regulators as on hand (stock) and problem.
import { Refusal } from './refusal';
import type { SaleItemType } from './sale';

export interface CountFields {
  fullCount?: number;
  emptyCount?: number;
  problemCount?: number;
  stockCount?: number;
}

/** The fields a count of this kind of item takes, in the order a form shows them. */
export const countFieldsOf = (type: SaleItemType) =>
  type === 'cylinder' ? (['fullCount', 'emptyCount', 'problemCount'] as const) : (['stockCount', 'problemCount'] as const);

/** 400 naming the first field that does not belong to this kind of item's count. */
export function checkCountFields(type: SaleItemType, input: CountFields) {
  if (type === 'cylinder') {
    if (input.stockCount === undefined) return;
    throw new Refusal(
      400,
      { message: 'stockCount: Cylinders are counted as fullCount, emptyCount and problemCount', code: 'count.cylinderFields' },
      [{ field: 'stockCount', message: 'Use fullCount, emptyCount and problemCount for cylinders', code: 'count.cylinderFields' }],
    );
  }
  const wrong = (['fullCount', 'emptyCount'] as const).find((f) => input[f] !== undefined);
  if (!wrong) return;
  throw new Refusal(
    400,
    { message: `${wrong}: ${type === 'stove' ? 'Stoves' : 'Regulators'} are counted as stockCount and problemCount`, code: 'count.accessoryFields' },
    [{ field: wrong, message: 'Use stockCount and problemCount', code: 'count.accessoryFields' }],
  );
}
