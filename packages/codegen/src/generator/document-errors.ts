import { type ASTNode, type ExecutableDefinitionNode, Kind } from 'graphql';
import { sourceLocation } from '../core/source-location.js';
import { CodegenError } from '../errors.js';

/** A document the generator cannot type; only met when the caller skipped validation. */
export function documentError(location: string, node: ASTNode, message: string): CodegenError {
  return new CodegenError(
    'DOCUMENT_ERROR',
    `@admin-api/codegen: the documents do not validate against the schema:\n  ${sourceLocation(location, node)}  ${message}`,
  );
}

/** How messages name a definition: `query "GetMe"`, `fragment "Card"`. */
export function definitionLabel(definition: ExecutableDefinitionNode): string {
  return definition.kind === Kind.FRAGMENT_DEFINITION
    ? `fragment "${definition.name.value}"`
    : `${definition.operation} "${definition.name?.value ?? ''}"`;
}
