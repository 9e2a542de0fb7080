import { createRequire } from 'node:module';
import { adminApiSchema } from '@admin-api/emulator';
import {
  type GraphQLSchema,
  NoUnusedFragmentsRule,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import type { SourceDocuments } from '../src/generator/index.js';
import { githubSchema } from './github-schema.js';
import { operationsFor } from './large-schema-operations.js';

const require = createRequire(import.meta.url);

/** A set of documents over one schema, as files. */
export interface Corpus {
  readonly name: string;
  readonly schema: GraphQLSchema;
  readonly files: Readonly<Record<string, string>>;
}

/**
 * The vendor's own operations, one per root field of the Admin API (132), from its client
 * package: what the service's maintainers consider a full selection of each.
 */
export function adminApiDefaultOperations(): string[] {
  const gqls = require('@ikas/api-client/dist/api/admin/generated/default-gqls.js') as {
    QueryDefaultGQLs: Record<string, string>;
    MutationDefaultGQLs: Record<string, string>;
  };
  return [...Object.values(gqls.QueryDefaultGQLs), ...Object.values(gqls.MutationDefaultGQLs)];
}

function asFiles(operations: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    operations.map((op, i) => [`src/op${String(i).padStart(3, '0')}.graphql`, `${op}\n`]),
  );
}

/** What the generator has to get right, on the Admin API schema. */
export const ADMIN_API_EDGE_CASES: Readonly<Record<string, string>> = {
  'src/fragments/brand.graphql': 'fragment BrandFields on SimpleProductBrand { id name }\n',
  // A fragment that spreads one from another file.
  'src/fragments/product.graphql': `fragment ProductBasics on Product {
  id
  name
  type
  brand { ...BrandFields }
  metaData { slug pageTitle }
}
`,
  'src/products.graphql': `# Products with their basics, a page at a time.
query ListProductsPage($pagination: PaginationInput, $search: String, $ids: [String!]) {
  listProduct(pagination: $pagination, search: $search, id: { in: $ids }) {
    count
    hasNext
    page
    data {
      ...ProductBasics
      createdAt
      tags: tagIds
      brand { createdAt }
      variants { id prices { sellPrice currency } }
    }
  }
}

mutation SaveProduct($input: ProductInput!) {
  saveProduct(input: $input) {
    ...ProductBasics
    variants { id sku prices { sellPrice currency } }
  }
}

mutation DeleteProducts($idList: [String!]!) {
  deleteProductList(idList: $idList)
}
`,
  'src/me.graphql': `query Conditional($withEmail: Boolean!, $skipName: Boolean = false) {
  __typename
  me {
    __typename
    kind: __typename
    id
    email @include(if: $withEmail)
    name @skip(if: $skipName)
    ... on MeResponse @include(if: $withEmail) { scope scopes }
  }
  first: me { id }
  second: me { name addedDate }
}
`,
  'src/orders.graphql': `query OrdersWithDeprecated($orderedAt: DateFilterInput, $status: OrderStatusEnumInputFilter, $page: Int! = 1) {
  listOrder(orderedAt: $orderedAt, status: $status, pagination: { page: $page }) {
    data {
      id
      orderedAt
      status
      orderLineItems { id variant { name taxValue } }
      sessionInfo { trafficSource { source type } }
      invoices { invoiceData }
    }
  }
}

query VideoUpload($videoId: String!) {
  getVideoUploadUrl(videoId: $videoId) { fields }
}
`,
};

/** What the generator has to get right on a schema with interfaces and unions (GitHub's). */
export const GITHUB_EDGE_CASES: Readonly<Record<string, string>> = {
  'src/fragments.graphql': `fragment ActorFields on Actor { login avatarUrl }
fragment SearchHit on SearchResultItem {
  __typename
  ... on Issue { title number }
  ... on PullRequest { title merged }
  ... on Repository { nameWithOwner }
}
fragment NodeId on Node { id }
`,
  'src/search.graphql': `query Search($query: String!, $withBody: Boolean!) {
  search(query: $query, type: ISSUE, first: 5) {
    issueCount
    nodes {
      ...SearchHit
      ... on Issue @include(if: $withBody) { body }
      ... on Node { ...NodeId }
    }
  }
}
`,
  'src/nodes.graphql': `query NodeById($id: ID!) {
  node(id: $id) {
    id
    ... on Repository { nameWithOwner owner { ...ActorFields ... on User { bio } } }
    ... on Issue { title author { __typename ...ActorFields } }
  }
  typed: node(id: $id) { __typename ... on Repository { isPrivate } }
}
`,
  'src/viewer.graphql': `query Viewer {
  viewer { ...ActorFields login name commit: repository(name: "x") { issueOrPullRequest(number: 1) { ... on Issue { title } } } }
  rateLimit { remaining resetAt }
}

query Deprecated($owner: String!, $name: String!) {
  repository(owner: $owner, name: $name) {
    defaultBranchRef { target { ... on Commit { pushedDate changedFiles } } }
  }
}
`,
  'src/mutations.graphql': `mutation AddLabels($input: AddLabelsToLabelableInput!) {
  addLabelsToLabelable(input: $input) { clientMutationId labelable { ... on Issue { id } ... on PullRequest { id } } }
}
`,
};

/** Every corpus the generator is checked on, by name. */
export function corpora(): Corpus[] {
  return [
    {
      name: 'adminApiDefaults',
      schema: adminApiSchema(),
      files: asFiles(adminApiDefaultOperations()),
    },
    { name: 'adminApiEdgeCases', schema: adminApiSchema(), files: ADMIN_API_EDGE_CASES },
    {
      name: 'github100',
      schema: githubSchema(),
      files: asFiles(operationsFor(githubSchema(), 100)),
    },
    { name: 'githubEdgeCases', schema: githubSchema(), files: GITHUB_EDGE_CASES },
  ];
}

/** A corpus's files parsed and validated, as a caller hands them to the generator. */
export function sourcesOf(corpus: Corpus): SourceDocuments[] {
  const sources = Object.entries(corpus.files).map(([location, text]) => ({
    location,
    documents: [parse(text)],
  }));
  const combined = parse(Object.values(corpus.files).join('\n'));
  // graphql-codegen's rules: fragments may go unused.
  const rules = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);
  const errors = validate(corpus.schema, combined, rules);
  if (errors.length > 0) {
    throw new Error(`corpus ${corpus.name} does not validate: ${errors.map(String).join('\n')}`);
  }
  return sources;
}
