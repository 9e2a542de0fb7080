import type { Plugin } from 'graphql-yoga';
import type { ResolverContext } from './schema/context.js';

/**
 * A yoga plugin that names the root fields mocks answered, in the response's extensions:
 * `{ "extensions": { "mockedFields": ["listVendor"] } }`. A response from the stateful core
 * alone has no such entry.
 */
export function mockedFieldsExtension(): Plugin<ResolverContext> {
  return {
    onExecute: () => ({
      onExecuteDone: ({ args, result, setResult }) => {
        const { mockedFields } = args.contextValue as ResolverContext;
        if (mockedFields.length === 0 || Symbol.asyncIterator in result) return;
        setResult({
          ...result,
          extensions: { ...result.extensions, mockedFields: [...mockedFields] },
        });
      },
    }),
  };
}
