import type { CodegenDocumentFile } from '../codegen-plugin-types.js';
import { collectDefinitions, type SourceDocuments } from '../generator/index.js';

/** graphql-codegen's document files as the generator's sources. */
export function toSources(documents: readonly CodegenDocumentFile[]): SourceDocuments[] {
  return documents.map((file) => ({
    location: file.location ?? 'unknown file',
    documents: file.document ? [file.document] : [],
  }));
}

/**
 * Rejects what cannot become an SDK method: anonymous operations, and two operations whose
 * names map to the same method. Every problem is reported with its file and line, all at once.
 */
export function validateDocuments(documents: readonly CodegenDocumentFile[]): void {
  collectDefinitions(toSources(documents));
}
