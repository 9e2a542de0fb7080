import { versionInfo } from 'graphql';
import { CodegenError } from '../errors.js';
import { packageManagerCommands } from '../package-manager.js';

/** The first graphql 16 whose validation has budgets: without them a document can run for hours. */
const BOUNDED_FROM = { major: 16, minor: 15 };

/**
 * Refuses a graphql older than 16.15 before documents are validated: its
 * OverlappingFieldsCanBeMergedRule has no budget, so one hostile document (20,000 overlapping
 * aliases: 220 KB) keeps validation busy for minutes instead of ending in `DOCUMENT_TOO_COMPLEX`.
 */
export function assertBoundedValidation(
  version: Pick<typeof versionInfo, 'major' | 'minor' | 'patch'> = versionInfo,
): void {
  const { major, minor, patch } = version;
  if (major > BOUNDED_FROM.major || (major === BOUNDED_FROM.major && minor >= BOUNDED_FROM.minor)) {
    return;
  }
  throw new CodegenError(
    'MISSING_DEPENDENCY',
    `graphql ${major}.${minor}.${patch} is installed; codegen needs graphql ${BOUNDED_FROM.major}.${BOUNDED_FROM.minor} or later, whose validation budgets bound the work a document can cause. ` +
      `Run \`${packageManagerCommands().addDev} graphql@^${BOUNDED_FROM.major}.${BOUNDED_FROM.minor}\`.`,
  );
}
