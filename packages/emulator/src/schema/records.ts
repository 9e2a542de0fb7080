import type { EntityRecord } from '../store-data.js';
import { argumentValidationError } from './graphql-errors.js';

/**
 * The live record `id`, or ARGUMENT_VALIDATION_ERROR: the service documents ids in inputs as
 * "must exist in ikas", a rule on the argument, so an unknown or deleted id fails validation.
 */
export function existingRecord<T extends EntityRecord>(
  records: ReadonlyMap<string, T>,
  id: string,
  typeName: string,
): T {
  const record = records.get(id);
  if (!record || record.deleted) throw argumentValidationError(`${typeName} ${id} does not exist`);
  return record;
}

/** The fields the service sets on every save: id, creation and update times, not deleted. */
export function savedStamp(existing: EntityRecord | undefined, id: string, now: number) {
  return { id, createdAt: existing?.createdAt ?? now, updatedAt: now, deleted: false };
}

/**
 * `delete<Thing>List(idList)`: marks every record deleted (lists then leave them out, unless they
 * take `includeDeleted`), or, when one id does not exist, changes nothing and fails.
 */
export function deleteRecords<T extends EntityRecord>(
  records: Map<string, T>,
  idList: readonly string[],
  typeName: string,
  now: number,
): true {
  const doomed = idList.map((id) => existingRecord(records, id, typeName));
  for (const record of doomed) records.set(record.id, { ...record, deleted: true, updatedAt: now });
  return true;
}
