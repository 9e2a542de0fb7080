/** SDL of the emulated v2 Admin API: representative of the real one, small enough to read. */
export const typeDefs = /* GraphQL */ `
  """
  Milliseconds since the Unix epoch.
  """
  scalar Timestamp

  """
  Any JSON value.
  """
  scalar JSON

  """
  What an application was granted.
  """
  enum AuthorizedAppScope {
    READ_PRODUCTS
    WRITE_PRODUCTS
    READ_ORDERS
    WRITE_ORDERS
    READ_CUSTOMERS
  }

  enum ProductType {
    PHYSICAL
    DIGITAL
    BUNDLE
  }

  enum OrderStatus {
    OPEN
    FULFILLED
    CANCELLED
    REFUNDED
  }

  enum CurrencyCode {
    TRY
    USD
    EUR
  }

  enum SortDirection {
    ASC
    DESC
  }

  """
  Anything with an id and timestamps.
  """
  interface Node {
    id: ID!
    createdAt: Timestamp!
    updatedAt: Timestamp
  }

  """
  The application the access token was issued to.
  """
  type MeResponse {
    id: ID!
    name: String!
    email: String
    storeName: String!
    scopes: [AuthorizedAppScope!]!
    createdAt: Timestamp!
    "Use storeName."
    store: String @deprecated(reason: "Use storeName.")
  }

  type Price {
    sellPrice: Float!
    discountPrice: Float
    currency: CurrencyCode!
  }

  type Variant {
    id: ID!
    sku: String
    stock: Int
    isActive: Boolean!
    prices: [Price!]!
  }

  type Product implements Node {
    id: ID!
    createdAt: Timestamp!
    updatedAt: Timestamp
    name: String!
    description: String
    type: ProductType!
    tags: [String!]
    variants: [Variant!]!
    metaData: JSON
    "Total stock over all variants."
    totalStock: Int!
    weight: Float @deprecated(reason: "Use the variant's weight.")
  }

  type Address {
    city: String!
    country: String!
    addressLine: String
  }

  type Customer implements Node {
    id: ID!
    createdAt: Timestamp!
    updatedAt: Timestamp
    firstName: String!
    lastName: String
    email: String
    addresses: [Address!]
  }

  type OrderLineItem {
    id: ID!
    productId: ID!
    quantity: Int!
    finalPrice: Float!
  }

  type Order implements Node {
    id: ID!
    createdAt: Timestamp!
    updatedAt: Timestamp
    orderNumber: String!
    status: OrderStatus!
    currencyCode: CurrencyCode!
    totalFinalPrice: Float!
    orderedAt: Timestamp
    customer: Customer
    orderLineItems: [OrderLineItem!]!
    tags: [String!]!
  }

  union SearchResult = Product | Order | Customer

  type ProductPaginationResponse {
    data: [Product!]!
    count: Int!
    hasNext: Boolean!
    page: Int!
    limit: Int!
  }

  type OrderPaginationResponse {
    data: [Order!]!
    count: Int!
    hasNext: Boolean!
    page: Int!
    limit: Int!
  }

  type CustomerPaginationResponse {
    data: [Customer!]!
    count: Int!
    hasNext: Boolean!
    page: Int!
    limit: Int!
  }

  """
  Page-based pagination. limit is 1..200.
  """
  input PaginationInput {
    page: Int = 1
    limit: Int = 50
  }

  input StringFilterInput {
    eq: String
    in: [String!]
  }

  input DateFilterInput {
    gte: Timestamp
    lte: Timestamp
  }

  input PriceInput {
    sellPrice: Float!
    discountPrice: Float
    currency: CurrencyCode!
  }

  input VariantInput {
    id: ID
    sku: String
    stock: Int
    isActive: Boolean = true
    prices: [PriceInput!]!
  }

  """
  Creates a product when id is absent, updates it otherwise.
  """
  input ProductInput {
    id: ID
    name: String!
    description: String
    type: ProductType!
    tags: [String!]
    variants: [VariantInput!]!
    metaData: JSON
  }

  input OrderStatusInput {
    orderId: ID!
    status: OrderStatus!
  }

  type Query {
    "The application the token belongs to."
    me: MeResponse!
    listProduct(
      pagination: PaginationInput
      id: StringFilterInput
      type: [ProductType!]
      search: String
      sort: SortDirection
    ): ProductPaginationResponse!
    listOrder(
      pagination: PaginationInput
      status: [OrderStatus!]
      orderedAt: DateFilterInput
    ): OrderPaginationResponse!
    listCustomer(pagination: PaginationInput): CustomerPaginationResponse!
    node(id: ID!): Node
    search(query: String!): [SearchResult!]!
  }

  type Mutation {
    saveProduct(input: ProductInput!): Product!
    deleteProductList(idList: [ID!]!): Boolean!
    updateOrderStatus(input: OrderStatusInput!): Order!
  }
`;
