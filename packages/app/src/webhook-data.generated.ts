// biome-ignore-all lint: generated file
/**
 * Generated from packages/emulator/schema/admin-api.graphql
 * by packages/app/scripts/generate-webhook-types.ts (@graphql-codegen/typescript over the
 * types webhook payloads reach). Do not edit: run
 * `pnpm --filter @admin-api/app generate:webhook-types`.
 */

import type { JsonValue } from './webhook-event.js';

export type Maybe<T> = T | null;

/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string };
  String: { input: string; output: string };
  Boolean: { input: boolean; output: boolean };
  Int: { input: number; output: number };
  Float: { input: number; output: number };
  JSON: { input: JsonValue; output: JsonValue };
  Timestamp: { input: number; output: number };
};

export type AbandonedCartFlow = {
  authorizedAppId?: Maybe<Scalars['String']['output']>;
  campaignId?: Maybe<Scalars['String']['output']>;
  canApplicable: Scalars['Boolean']['output'];
  couponId?: Maybe<Scalars['String']['output']>;
  customerFilters?: Maybe<AbandonedCartFlowCustomerFilter>;
  flowId: Scalars['String']['output'];
  mailSendDate?: Maybe<Scalars['Timestamp']['output']>;
  mailTemplateId?: Maybe<Scalars['String']['output']>;
  mailTranslationId?: Maybe<Scalars['String']['output']>;
  messageType?: Maybe<AbandonedCartSettingsNotificationTypeEnum>;
  recoverEmailStatus: CheckoutRecoveryEmailStatusEnum;
  sendAfter: Scalars['Float']['output'];
  smsTranslationId?: Maybe<Scalars['String']['output']>;
};

export type AbandonedCartFlowCustomerFilter = {
  sendOnlyActiveAccount?: Maybe<Scalars['Boolean']['output']>;
  sendOnlySubscribedToEmail?: Maybe<Scalars['Boolean']['output']>;
};

export type AbandonedCartSettingsNotificationTypeEnum = 'EMAIL' | 'SMS';

export type AvailableShippingMethod = {
  cargoCompanyId?: Maybe<Scalars['String']['output']>;
  estimatedDeliveryTime?: Maybe<LocalDeliverySettingsDayEstimatedDeliveryTime>;
  price: Scalars['Float']['output'];
  rateName: Scalars['String']['output'];
  shippingMethod: OrderShippingMethodEnum;
  shippingSettingsId: Scalars['String']['output'];
  shippingZoneRateId: Scalars['String']['output'];
};

export type BundleProductModel = {
  /** The setting that specifies whether the prices of the products to be added to the bundle product will be added to the base price of the bundle. If this setting is selected, the sales prices of the products in the bundle product are included on the bundle price. */
  addToBundleBasePrice?: Maybe<Scalars['Boolean']['output']>;
  /** The discount rate that will be applied specifically to the product to be added to the bundle product. If the addToBundleBasePrice setting is selected, the discount is applied. */
  discountRatio?: Maybe<Scalars['Float']['output']>;
  /** Selectable variant ids of the product that can be included in the bundle product. */
  filteredVariantIds: Array<Scalars['String']['output']>;
  id: Scalars['String']['output'];
  /** Maximum quantity of product that can be included in the bundle product. */
  maxQuantity?: Maybe<Scalars['Float']['output']>;
  /** Minimum quantity of product that can be included in the bundle product. */
  minQuantity?: Maybe<Scalars['Float']['output']>;
  /** Order of the product that can be included in the bundle product. */
  order: Scalars['Float']['output'];
  /** Id of the product that can be included in the bundle product. */
  productId: Scalars['String']['output'];
  /** Quantity of the product that can be included in the bundle product. */
  quantity: Scalars['Float']['output'];
};

export type BundleProductOrderLine = {
  /** If the order line is derived from a package product, it shows the bundle line id of the package product */
  bundleLineId: Scalars['String']['output'];
  /** If the order line is derived from a package product, it shows the bundle line id of the package product */
  bundleLineQuantity: Scalars['Float']['output'];
  /** If the order line is derived from a package product, it shows the bundle product name of the package product */
  name?: Maybe<Scalars['String']['output']>;
  /** It is the option information of the variant value in the order line item. */
  options?: Maybe<Array<OrderLineOption>>;
  /** Information about the variant of the order line item. */
  variant: OrderLineVariant;
};

export type BundleSettingsModel = {
  /** Maximum quantity of products that can be in the bundle product. */
  maxBundleQuantity?: Maybe<Scalars['Float']['output']>;
  /** Minimum quantity of products that can be in the bundle product. */
  minBundleQuantity?: Maybe<Scalars['Float']['output']>;
  /** List of products that can be included in the bundle product. */
  products: Array<BundleProductModel>;
};

export type CampaignCreatedForEnum =
  | 'ABANDONED_CHECKOUT'
  | 'CART'
  | 'CUSTOMER_REVIEW'
  | 'LOYALTY_SPEND'
  | 'MARKETING_CAMPAIGN';

export type CampaignOffer = {
  availableSalesChannelIds: Array<Scalars['String']['output']>;
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  currencyCodes?: Maybe<Array<Scalars['String']['output']>>;
  deleted: Scalars['Boolean']['output'];
  endDate?: Maybe<Scalars['Timestamp']['output']>;
  followUpActionType: CampaignOfferFollowUpActionTypeEnum;
  id: Scalars['String']['output'];
  maxCount?: Maybe<Scalars['Float']['output']>;
  maximumRequiredCartAmount?: Maybe<Scalars['Float']['output']>;
  minimumRequiredCartAmount?: Maybe<Scalars['Float']['output']>;
  name: Scalars['String']['output'];
  offers: Array<CampaignOfferProduct>;
  startDate?: Maybe<Scalars['Timestamp']['output']>;
  targetPageTypes: Array<CampaignOfferTargetPageTypeEnum>;
  triggerSettings?: Maybe<CampaignOfferTriggerFilter>;
  triggers: CampaignOfferTriggers;
  type: CampaignOfferTypeEnum;
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
};

export type CampaignOfferFollowUpActionTypeEnum = 'DO_NOTHING' | 'OPEN_CART' | 'OPEN_CHECKOUT';

export type CampaignOfferProduct = {
  applicablePrice?: Maybe<CampaignOfferProductApplicablePriceEnum>;
  countdownMinutes?: Maybe<Scalars['Float']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  discountAmount?: Maybe<Scalars['Float']['output']>;
  discountType?: Maybe<OrderAmountTypeEnum>;
  excludedVariantIdList?: Maybe<Array<Scalars['String']['output']>>;
  id: Scalars['String']['output'];
  order: Scalars['Float']['output'];
  productId: Scalars['String']['output'];
  showCriteria?: Maybe<CampaignOfferProductShowCriteriaEnum>;
  skipOfferIfProductExistsInCart?: Maybe<Scalars['Boolean']['output']>;
  title: Scalars['String']['output'];
  translations?: Maybe<Array<CampaignOfferProductTranslation>>;
};

export type CampaignOfferProductApplicablePriceEnum = 'DISCOUNT_PRICE' | 'SELL_PRICE';

export type CampaignOfferProductShowCriteriaEnum = 'PREVIOUS_ACCEPTED' | 'PREVIOUS_REJECTED';

export type CampaignOfferProductTranslation = {
  description?: Maybe<Scalars['String']['output']>;
  locale: Scalars['String']['output'];
  title: Scalars['String']['output'];
};

export type CampaignOfferTargetPageTypeEnum = 'CHECKOUT' | 'POST_CHECKOUT' | 'PRODUCT';

export type CampaignOfferTriggerFilter = {
  filterType: CampaignOfferTriggerFilterTypeEnum;
  valueList: Array<Scalars['String']['output']>;
};

export type CampaignOfferTriggerFilterTypeEnum =
  | 'ALL_PRODUCTS'
  | 'CATEGORY'
  | 'MIN_CART_AMOUNT'
  | 'PRODUCT'
  | 'PRODUCT_AND_VARIANT'
  | 'PRODUCT_BRAND'
  | 'PRODUCT_TAG'
  | 'VARIANT';

export type CampaignOfferTriggers = {
  filters: Array<CampaignOfferTriggerFilter>;
  shouldMatchAllConditions?: Maybe<Scalars['Boolean']['output']>;
};

export type CampaignOfferTypeEnum = 'CROSS_SELL' | 'UPSELL';

export type CampaignTypeEnum = 'BUY_X_THEN_GET_Y' | 'FIXED_AMOUNT' | 'FREE_SHIPPING' | 'RATIO';

export type CartCampaignOfferStatus = 'ACCEPTED' | 'REJECTED' | 'REMOVED' | 'WAITING_FOR_ACTION';

export type CartCreatedByEnum = 'ADMIN' | 'CUSTOMER' | 'UPSELL';

export type CartV2CampaignOffer = {
  appliedOrderLineId?: Maybe<Scalars['String']['output']>;
  campaignOffer?: Maybe<CampaignOffer>;
  campaignOfferId: Scalars['String']['output'];
  campaignOfferProductId?: Maybe<Scalars['String']['output']>;
  offerEndDate?: Maybe<Scalars['Timestamp']['output']>;
  offerStartDate: Scalars['Timestamp']['output'];
  status: CartCampaignOfferStatus;
  targetPageTypes: Array<CampaignOfferTargetPageTypeEnum>;
  triggerSourceOrderLineId: Scalars['String']['output'];
};

export type CartV2StatusEnum = 'COMPLETED' | 'FREEZE' | 'KILLED' | 'OPEN';

export type CheckoutRecoveryEmailStatusEnum = 'NOT_SENT' | 'SENT';

export type CheckoutRecoveryStatusEnum = 'NOT_RECOVERED' | 'RECOVERED';

export type Customer = {
  /** CustomerAccountStatusEnum */
  accountStatus?: Maybe<CustomerAccountStatusEnum>;
  accountStatusUpdatedAt?: Maybe<Scalars['Timestamp']['output']>;
  /** A list of the ten most recently updated addresses for the customer. */
  addresses?: Maybe<Array<CustomerAddress>>;
  attributes?: Maybe<Array<CustomerAttributeValue>>;
  b2bStatus?: Maybe<CustomerB2BStatusEnum>;
  birthDate?: Maybe<Scalars['Timestamp']['output']>;
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  /** Groups that the store owner attaches to the customer. */
  customerGroupIds?: Maybe<Array<Scalars['String']['output']>>;
  /** Segments that the customers are belong to. */
  customerSegmentIds?: Maybe<Array<Scalars['String']['output']>>;
  /** It is the sequence value of the customer. The sequence value starts from 1. */
  customerSequence?: Maybe<Scalars['Float']['output']>;
  deleted: Scalars['Boolean']['output'];
  /** The unique email address of the customer. Attempting to assign the same email address to multiple customers returns an error. */
  email?: Maybe<Scalars['String']['output']>;
  /** The date the **email** was verified. */
  emailVerifiedDate?: Maybe<Scalars['Timestamp']['output']>;
  /** The customer's first name. */
  firstName: Scalars['String']['output'];
  /** Date of first order by the customer */
  firstOrderDate?: Maybe<Scalars['Timestamp']['output']>;
  /** Customer's full name. Firstname plus lastname if firstname and lastname exist. Otherwise, it is saved as firstname only. */
  fullName?: Maybe<Scalars['String']['output']>;
  gender?: Maybe<CustomerGenderTypeEnum>;
  id: Scalars['String']['output'];
  ip?: Maybe<Scalars['String']['output']>;
  /** Email verification status. **isEmailVerified** returns `true` if the email is verified. */
  isEmailVerified?: Maybe<Scalars['Boolean']['output']>;
  /** Phone verification status. **isPhoneVerified** returns `true` if the email is verified. */
  isPhoneVerified?: Maybe<Scalars['Boolean']['output']>;
  /** The customer's last name. */
  lastName?: Maybe<Scalars['String']['output']>;
  /** Date of last order by the customer */
  lastOrderDate?: Maybe<Scalars['Timestamp']['output']>;
  /** Last used price list id by the customer */
  lastPriceListId?: Maybe<Scalars['String']['output']>;
  /** Last used storefront routing id by the customer */
  lastStorefrontRoutingId?: Maybe<Scalars['String']['output']>;
  /** A note about the customer. */
  note?: Maybe<Scalars['String']['output']>;
  /** Number of orders placed by the customer. */
  orderCount?: Maybe<Scalars['Float']['output']>;
  /** Date the customer last changed their password. */
  passwordUpdateDate?: Maybe<Scalars['Timestamp']['output']>;
  /** The customer's phone number */
  phone?: Maybe<Scalars['String']['output']>;
  /** CustomerEmailSubscriptionStatusesEnum */
  phoneSubscriptionStatus?: Maybe<CustomerEmailSubscriptionStatusesEnum>;
  phoneSubscriptionStatusUpdatedAt?: Maybe<Scalars['Timestamp']['output']>;
  /** The date the **email** was verified. */
  phoneVerifiedDate?: Maybe<Scalars['Timestamp']['output']>;
  preferredLanguage?: Maybe<Scalars['String']['output']>;
  priceListId?: Maybe<Scalars['String']['output']>;
  priceListRules?: Maybe<Array<CustomerPriceListRule>>;
  /** Registration source of customer. */
  registrationSource?: Maybe<CustomerRegistrationSourceEnum>;
  /** CustomerEmailSubscriptionStatusesEnum */
  smsSubscriptionStatus?: Maybe<CustomerEmailSubscriptionStatusesEnum>;
  smsSubscriptionStatusUpdatedAt?: Maybe<Scalars['Timestamp']['output']>;
  /** CustomerEmailSubscriptionStatusesEnum */
  subscriptionStatus?: Maybe<CustomerEmailSubscriptionStatusesEnum>;
  subscriptionStatusUpdatedAt?: Maybe<Scalars['Timestamp']['output']>;
  /** Tags that the store owner attaches to the customer. */
  tagIds?: Maybe<Array<Scalars['String']['output']>>;
  /** Amount of orders by the customer */
  totalOrderPrice?: Maybe<Scalars['Float']['output']>;
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
  userAgent?: Maybe<Scalars['String']['output']>;
};

/** Customer Account Statuses */
export type CustomerAccountStatusEnum =
  | 'ACTIVE_ACCOUNT'
  | 'DEACTIVATED_ACCOUNT'
  | 'DECLINED_ACCOUNT_INVITATION'
  | 'DISABLED_ACCOUNT'
  | 'INVITED_TO_CREATE_ACCOUNT';

export type CustomerAddress = {
  /** The customer's mailing address. */
  addressLine1: Scalars['String']['output'];
  /** An additional field for the customer's mailing address. */
  addressLine2?: Maybe<Scalars['String']['output']>;
  attributes?: Maybe<Array<CustomerAttributeValue>>;
  /** The customer's city. */
  city: CustomerAddressCity;
  /** The customer's company. */
  company?: Maybe<Scalars['String']['output']>;
  /** The customer's country. */
  country: CustomerAddressCountry;
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted: Scalars['Boolean']['output'];
  /** The customer's district in city. */
  district?: Maybe<CustomerAddressDistrict>;
  /** The customer's first name. */
  firstName: Scalars['String']['output'];
  id: Scalars['String']['output'];
  /** The customer's identity numbers. */
  identityNumber?: Maybe<Scalars['String']['output']>;
  /** Whether this address is the default address for the customer. Returns `true` for each default address. */
  isDefault?: Maybe<Scalars['Boolean']['output']>;
  /** The customer's last name. */
  lastName: Scalars['String']['output'];
  /** The customer's phone number at this address */
  phone?: Maybe<Scalars['String']['output']>;
  /** The customer's postal code, also known as zip, postcode, etc. */
  postalCode?: Maybe<Scalars['String']['output']>;
  region?: Maybe<CustomerAddressRegion>;
  state?: Maybe<CustomerAddressState>;
  /** Tax number that the customer will use for orders */
  taxNumber?: Maybe<Scalars['String']['output']>;
  /** If customer is corporate, customer can use that field to fill their Tax Office name. */
  taxOffice?: Maybe<Scalars['String']['output']>;
  title: Scalars['String']['output'];
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
};

export type CustomerAddressCity = {
  /** The two-letter country code corresponding to the customer's country. */
  code?: Maybe<Scalars['String']['output']>;
  id?: Maybe<Scalars['String']['output']>;
  /** The customer's normalized city name. */
  name: Scalars['String']['output'];
};

export type CustomerAddressCountry = {
  /** The two-letter country code corresponding to the customer's country. */
  code?: Maybe<Scalars['String']['output']>;
  id?: Maybe<Scalars['String']['output']>;
  /** The two-letter country code corresponding to the customer's country. */
  iso2?: Maybe<Scalars['String']['output']>;
  /** The two-letter country code corresponding to the customer's country. */
  iso3?: Maybe<Scalars['String']['output']>;
  /** The customer's normalized country name. */
  name: Scalars['String']['output'];
};

export type CustomerAddressDistrict = {
  /** The two-letter district code corresponding to the customer's district. */
  code?: Maybe<Scalars['String']['output']>;
  id?: Maybe<Scalars['String']['output']>;
  /** The customer's normalized district name. */
  name?: Maybe<Scalars['String']['output']>;
};

export type CustomerAddressRegion = {
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted?: Maybe<Scalars['Boolean']['output']>;
  id: Scalars['String']['output'];
  name: Scalars['String']['output'];
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
};

export type CustomerAddressState = {
  code?: Maybe<Scalars['String']['output']>;
  id?: Maybe<Scalars['String']['output']>;
  name?: Maybe<Scalars['String']['output']>;
};

export type CustomerAttributeValue = {
  customerAttributeId?: Maybe<Scalars['String']['output']>;
  customerAttributeOptionId?: Maybe<Scalars['String']['output']>;
  value?: Maybe<Scalars['String']['output']>;
};

export type CustomerB2BStatusEnum = 'ACTIVE_ACCOUNT' | 'DISABLED_ACCOUNT' | 'WAITING_FOR_APPROVAL';

/** Customer Email Subscription Statuses */
export type CustomerEmailSubscriptionStatusesEnum =
  | 'NOT_SUBSCRIBED'
  | 'PENDING_CONFIRMATION'
  | 'SUBSCRIBED';

export type CustomerGenderTypeEnum = 'FEMALE' | 'MALE' | 'OTHER';

export type CustomerPriceListRule = {
  discountRate?: Maybe<Scalars['Float']['output']>;
  filters?: Maybe<Array<CustomerPriceListRuleFilter>>;
  priceListId?: Maybe<Scalars['String']['output']>;
  shouldMatchAllFilters?: Maybe<Scalars['Boolean']['output']>;
  value: Scalars['Float']['output'];
  valueType: CustomerPriceListRuleValueTypeEnum;
};

export type CustomerPriceListRuleFilter = {
  type: CustomerPriceListRuleFilterTypeEnum;
  valueList: Array<Scalars['String']['output']>;
};

export type CustomerPriceListRuleFilterTypeEnum =
  | 'CATEGORY'
  | 'PRODUCT'
  | 'PRODUCT_BRAND'
  | 'PRODUCT_TAG';

export type CustomerPriceListRuleValueTypeEnum =
  | 'DISCOUNT_AMOUNT'
  | 'DISCOUNT_RATE'
  | 'FIXED_PRICE';

/** Customer Registration Source Enum */
export type CustomerRegistrationSourceEnum =
  | 'apple'
  | 'credentials'
  | 'facebook'
  | 'google'
  | 'sms'
  | 'twitch';

/** CustomerSubscriptionPlanOrderPaymentStatusEnum */
export type CustomerSubscriptionPlanOrderPaymentStatusEnum = 'FAILED' | 'PAID' | 'UNPAID';

/** CustomerSubscriptionPlanOrderStatusEnum */
export type CustomerSubscriptionPlanOrderStatusEnum =
  | 'CANCELLED'
  | 'COMPLETED'
  | 'PLANNED'
  | 'POSTPONED';

export type GiftCardTypeEnum = 'GIFT_CARD' | 'STORE_CREDIT';

export type HTMLMetaData = {
  /** Canonical URL list of entity. */
  canonicals?: Maybe<Array<Scalars['String']['output']>>;
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted: Scalars['Boolean']['output'];
  /** The description of the metadata. */
  description?: Maybe<Scalars['String']['output']>;
  /** Defines if the entity is not indexable by search engines */
  disableIndex?: Maybe<Scalars['Boolean']['output']>;
  id: Scalars['String']['output'];
  metadataOverrides?: Maybe<Array<HTMLMetaDataOverride>>;
  /** The page title of the metadata. */
  pageTitle?: Maybe<Scalars['String']['output']>;
  redirectTo?: Maybe<Scalars['String']['output']>;
  /** The token of the metadata. It is saved as completely unique. */
  slug: Scalars['String']['output'];
  targetId?: Maybe<Scalars['String']['output']>;
  targetType?: Maybe<HTMLMetaDataTargetTypeEnum>;
  /** The translations information of the metadata. */
  translations?: Maybe<Array<HTMLMetaDataTranslation>>;
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
};

export type HTMLMetaDataOverride = {
  description: Scalars['String']['output'];
  language?: Maybe<Scalars['String']['output']>;
  pageTitle: Scalars['String']['output'];
  storefrontId?: Maybe<Scalars['String']['output']>;
  storefrontRegionId?: Maybe<Scalars['String']['output']>;
};

/** Url Slug Target Type Enum Codes */
export type HTMLMetaDataTargetTypeEnum = 'BRAND' | 'CATEGORY' | 'PAGE' | 'PRODUCT';

export type HTMLMetaDataTranslation = {
  description?: Maybe<Scalars['String']['output']>;
  locale: Scalars['String']['output'];
  pageTitle?: Maybe<Scalars['String']['output']>;
  slug?: Maybe<Scalars['String']['output']>;
};

export type Invoice = {
  /** It is the app id where the merchant is registered and creates the order invoice. */
  appId: Scalars['String']['output'];
  /** It is the app name that created the order invoice. */
  appName: Scalars['String']['output'];
  /** It is the date the order invoice was created. */
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  /** It is indicates that the invoice has the pdf. */
  hasPdf?: Maybe<Scalars['Boolean']['output']>;
  /** It is the id of the order invoice. */
  id: Scalars['String']['output'];
  /** It is data of the invoice. */
  invoiceData?: Maybe<Scalars['JSON']['output']>;
  /** It is the number of the order invoice. */
  invoiceNumber: Scalars['String']['output'];
  /** It is the ikas app id that created the order invoice. */
  storeAppId: Scalars['String']['output'];
  /** It is the type enum of the invoice. */
  type: InvoiceTypeEnum;
};

export type InvoiceTypeEnum = 'COMPANY' | 'INDIVIDUAL' | 'OTHER';

export type LocalDeliverySettingsDayEstimatedDeliveryTime = {
  type: LocalDeliverySettingsDeliveryTimeType;
  value: Scalars['Float']['output'];
};

/** LocalDeliverySettingsDeliveryTimeType */
export type LocalDeliverySettingsDeliveryTimeType = 'DAY' | 'HOUR' | 'MINUTE';

export type MerchantAppPaymentStatusEnum = 'PAID' | 'PAYMENT_FAILED' | 'WAITING_FOR_PAYMENT';

export type MerchantAppPaymentTypeEnum = 'ONE_TIME' | 'SUBSCRIPTION' | 'WALLET_ACTION';

export type MerchantAppSubscription = {
  /** The date the app licence was added. */
  addedDate?: Maybe<Scalars['Timestamp']['output']>;
  /** It is the information of which type of app license is obtained. */
  appPaymentKey?: Maybe<Scalars['String']['output']>;
  /** The id of the app that generated the app payment. Actually, the id of the app for which merchant app payment was created. */
  authorizedAppId?: Maybe<Scalars['String']['output']>;
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  currency?: Maybe<SubscriptionPriceCurrencyEnum>;
  currencyCode?: Maybe<Scalars['String']['output']>;
  currencySymbol?: Maybe<Scalars['String']['output']>;
  deleted: Scalars['Boolean']['output'];
  id: Scalars['String']['output'];
  /** It is the date of receipt of the last payment for the license subscription. */
  lastPaymentDate?: Maybe<Scalars['Timestamp']['output']>;
  /** The discount rate on the last payment for the app license subscription. */
  lastPaymentDiscountRatio?: Maybe<Scalars['Float']['output']>;
  lastPaymentPeriod: SubscriptionPeriodEnum;
  /** The payment period of the license last payment. The purpose of keeping this information is to adjust the controls according to the last month if the subscription is withdrawn from annual to monthly. */
  lastPaymentPeriodInDays: Scalars['Float']['output'];
  /** It is the last payment information for the app license subscription. */
  lastPaymentPrice: Scalars['Float']['output'];
  /** It is the price information including KDV, for which the last payment is made for the app license subscription. */
  lastPaymentPriceWithTax: Scalars['Float']['output'];
  merchantAppPaymentId?: Maybe<Scalars['String']['output']>;
  /** The name of the created application license is the information. */
  name: Scalars['String']['output'];
  status: MerchantSubscriptionStatusEnum;
  /** The id of the application to be licensed in the store */
  storeAppId: Scalars['String']['output'];
  storeAppListingSubscriptionId: Scalars['String']['output'];
  storeAppListingSubscriptionKey: Scalars['String']['output'];
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
};

export type MerchantSubscriptionStatusEnum = 'ACTIVE' | 'REMOVED' | 'WILL_BE_REMOVED';

export type Order = {
  abandonedCartFlows?: Maybe<Array<AbandonedCartFlow>>;
  archived: Scalars['Boolean']['output'];
  attributes?: Maybe<Array<OrderAttributeValue>>;
  availableShippingMethods?: Maybe<Array<AvailableShippingMethod>>;
  /** It is the billing address of the order. */
  billingAddress?: Maybe<OrderAddress>;
  /** It is the `branch` information of the orders created via ikasPOS. */
  branch?: Maybe<OrderBranch>;
  /** It is the `branchSession` information of the orders created via ikasPOS. */
  branchSession?: Maybe<OrderBranchSession>;
  branchSessionId?: Maybe<Scalars['String']['output']>;
  campaignOffers?: Maybe<Array<CartV2CampaignOffer>>;
  /** It is the cancel reason of the order. If the order has been cancelled, it indicates the cancellation reason of the order. */
  cancelReason?: Maybe<OrderCancelledReasonEnum>;
  /** If the order has been cancelled, it indicates the cancellation date of the order. */
  cancelledAt?: Maybe<Scalars['Timestamp']['output']>;
  cartId?: Maybe<Scalars['String']['output']>;
  /** Shows the status of the cart linked to the order. */
  cartStatus?: Maybe<CartV2StatusEnum>;
  checkoutId?: Maybe<Scalars['String']['output']>;
  /** The client ip address. */
  clientIp?: Maybe<Scalars['String']['output']>;
  couponCode?: Maybe<Scalars['String']['output']>;
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  /** Indicates who created the order. The order can be created by the customer or the store owner. */
  createdBy?: Maybe<CartCreatedByEnum>;
  createdWithPayWithIkas?: Maybe<Scalars['Boolean']['output']>;
  /** It is the currency value of the order. */
  currencyCode: Scalars['String']['output'];
  /** A list of currency rate objects. */
  currencyRates: Array<OrderCurrencyRate>;
  currencySymbol?: Maybe<Scalars['String']['output']>;
  /** Information about the customer. The order does not have to be a customer information. If the order was created by ikasPOS, the customer information may be null. */
  customer?: Maybe<OrderCustomer>;
  customerGroups?: Maybe<Array<OrderCustomerGroup>>;
  customerId?: Maybe<Scalars['String']['output']>;
  /** It shows the number of orders given by the relevant customer. */
  customerOrderCount?: Maybe<Scalars['Float']['output']>;
  customerSegments?: Maybe<Array<OrderCustomerSegment>>;
  customerSubscriptionPlans?: Maybe<Array<OrderCustomerSubscriptionPlan>>;
  deleted: Scalars['Boolean']['output'];
  dueDate?: Maybe<Scalars['Timestamp']['output']>;
  edited?: Maybe<Scalars['Boolean']['output']>;
  giftCardLines?: Maybe<Array<OrderGiftCardLine>>;
  /** A list of gift package line objects, each containing information about a gift package pricing in the order. */
  giftPackageLines?: Maybe<Array<OrderGiftPackageLine>>;
  /** An optional gift package note, can attach to the order. */
  giftPackageNote?: Maybe<Scalars['String']['output']>;
  /** It is the host where the order was created. */
  host?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** A list of invoice objects, each containing information about an invoice. */
  invoices?: Maybe<Array<Invoice>>;
  /** Indicates whether there is a gift package in the order. **isGiftPackage** returns  `true` if the order has gift package */
  isGiftPackage?: Maybe<Scalars['Boolean']['output']>;
  itemCount?: Maybe<Scalars['Float']['output']>;
  lastActivityDate?: Maybe<Scalars['Timestamp']['output']>;
  loyaltyLines?: Maybe<Array<OrderLoyaltyLine>>;
  marketingCampaignId?: Maybe<Scalars['String']['output']>;
  merchantId: Scalars['String']['output'];
  /** It is the reflection of the prices of the refunds and the items added later on the final order price. */
  netTotalFinalPrice?: Maybe<Scalars['Float']['output']>;
  /** An optional note, can attach to the order. */
  note?: Maybe<Scalars['String']['output']>;
  /** A list of adjustment objects, each containing information about a adjustment in the order. */
  orderAdjustments?: Maybe<Array<OrderAdjustment>>;
  /** A list of line item objects, each containing information about an item in the order. */
  orderLineItems: Array<OrderLineItem>;
  /** The position of the order in the store's order count starting from 1001. Order numbers are sequential and start from 1001. */
  orderNumber?: Maybe<Scalars['String']['output']>;
  /** is the sequence value of the packages in the order. */
  orderPackageSequence?: Maybe<Scalars['Float']['output']>;
  /** It is the package status enum of the order */
  orderPackageStatus?: Maybe<OrderPackageStatusEnum>;
  /** A list of order package objects. */
  orderPackages?: Maybe<Array<OrderPackage>>;
  /** It is the payment status enum of the order */
  orderPaymentStatus?: Maybe<OrderPaymentStatusEnum>;
  /** It is the sequence value of the order_number. The sequence value starts from 1 and an order with order number 1001 has a sequence value of 1. */
  orderSequence?: Maybe<Scalars['Float']['output']>;
  /** It is the tag id list in the order. */
  orderTagIds?: Maybe<Array<Scalars['String']['output']>>;
  /** The date the order was ordered. */
  orderedAt?: Maybe<Scalars['Timestamp']['output']>;
  /** A list of payment method objects, each containing information about a payment method in the order. */
  paymentMethods?: Maybe<Array<OrderPaymentMethod>>;
  /** Information about the `priceList` used when the order was created. */
  priceList?: Maybe<OrderPriceList>;
  priceListId?: Maybe<Scalars['String']['output']>;
  recoverEmailStatus?: Maybe<CheckoutRecoveryEmailStatusEnum>;
  recoveryStatus?: Maybe<CheckoutRecoveryStatusEnum>;
  /** Information about the  `salesChannel` where the order was created. */
  salesChannel: OrderSalesChannel;
  salesChannelId?: Maybe<Scalars['String']['output']>;
  sessionId?: Maybe<Scalars['String']['output']>;
  sessionInfo?: Maybe<OrderSessionInfo>;
  /** It is the shipping address of the order. */
  shippingAddress?: Maybe<OrderAddress>;
  /** A list of shipping line objects, each containing information about a shipping in the order. */
  shippingLines?: Maybe<Array<OrderShippingLine>>;
  /** It is the shipping method enum of the order */
  shippingMethod: OrderShippingMethodEnum;
  shippingSettingsId?: Maybe<Scalars['String']['output']>;
  shippingZoneRateId?: Maybe<Scalars['String']['output']>;
  sourceId?: Maybe<Scalars['String']['output']>;
  /** It is the `staff` information of the orders created via ikasPOS. */
  staff?: Maybe<OrderStaff>;
  /** It is the status enum of the order */
  status: OrderStatusEnum;
  /** It is the `stock location` information of the orders. */
  stockLocation?: Maybe<OrderStockLocation>;
  stockLocationId?: Maybe<Scalars['String']['output']>;
  /** Information about the `storefront` where the order was created. */
  storefront?: Maybe<OrderStorefront>;
  storefrontId?: Maybe<Scalars['String']['output']>;
  /** Information about the `storefrontRouting` used by the storefront at the time the order was created. */
  storefrontRouting?: Maybe<OrderStorefrontRouting>;
  storefrontRoutingId?: Maybe<Scalars['String']['output']>;
  /** Information about the `storefrontTheme` used by the storefront at the time the order was created. */
  storefrontTheme?: Maybe<OrderStorefrontTheme>;
  storefrontThemeId?: Maybe<Scalars['String']['output']>;
  /** A list of tax line objects, tax line objects contain the taxes of the shippingLines, orderLineItems, and giftPackageLines. */
  taxLines?: Maybe<Array<OrderTaxLine>>;
  /** It is the `terminalId`` information of the orders created via ikasPOS. */
  terminalId?: Maybe<Scalars['String']['output']>;
  timezone?: Maybe<Scalars['String']['output']>;
  /** The total final price of the order resulting from the apply of `orderAdjustments` , `shippingLines`, and  `giftPackageLines` pricing to the order total price. */
  totalFinalPrice: Scalars['Float']['output'];
  /** It is the sum of the net prices of the line items in the order. */
  totalPrice: Scalars['Float']['output'];
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
  /** Details of the browsing client, including software and operating versions. */
  userAgent?: Maybe<Scalars['String']['output']>;
  workflowId?: Maybe<Scalars['String']['output']>;
  workflowName?: Maybe<Scalars['String']['output']>;
  workflowNodeId?: Maybe<Scalars['String']['output']>;
};

export type OrderAddress = {
  /** The street address of the address. */
  addressLine1: Scalars['String']['output'];
  /** An optional additional field for the street address of the address. */
  addressLine2?: Maybe<Scalars['String']['output']>;
  /** The city information of the address. */
  city: OrderAddressCity;
  /** The company of the person associated with the address. */
  company?: Maybe<Scalars['String']['output']>;
  /** The country information of the address. */
  country: OrderAddressCountry;
  /** The district information of the address. */
  district?: Maybe<OrderAddressDistrict>;
  /** The first name of the person associated with the address */
  firstName: Scalars['String']['output'];
  /** The address"s id of the order address. */
  id?: Maybe<Scalars['String']['output']>;
  /** The identity number of the person associated with the address. */
  identityNumber?: Maybe<Scalars['String']['output']>;
  /** The address"s id of the order address. */
  isDefault: Scalars['Boolean']['output'];
  /** The last name of the person associated with the address */
  lastName: Scalars['String']['output'];
  /** The phone of the person associated with the address. */
  phone?: Maybe<Scalars['String']['output']>;
  /** The postal code of the address. */
  postalCode?: Maybe<Scalars['String']['output']>;
  /** The region information of the address. */
  region?: Maybe<OrderAddressRegion>;
  /** The state information of the address. */
  state?: Maybe<OrderAddressState>;
  /** The tax number of the person associated with the address. */
  taxNumber?: Maybe<Scalars['String']['output']>;
  /** The tax office of the person associated with the address. */
  taxOffice?: Maybe<Scalars['String']['output']>;
};

export type OrderAddressCity = {
  /** It is the code of the city of the address. */
  code?: Maybe<Scalars['String']['output']>;
  /** It is the id of the city of the address. */
  id?: Maybe<Scalars['String']['output']>;
  /** It is the name of the city of the address. */
  name: Scalars['String']['output'];
};

export type OrderAddressCountry = {
  /** It is the code of the country of the address. */
  code?: Maybe<Scalars['String']['output']>;
  /** It is the id of the country of the address. */
  id?: Maybe<Scalars['String']['output']>;
  /** It is the two-letter code of the country of the address. */
  iso2?: Maybe<Scalars['String']['output']>;
  /** It is the three-letter code of the country of the address. */
  iso3?: Maybe<Scalars['String']['output']>;
  /** It is the name of the country of the address. */
  name: Scalars['String']['output'];
};

export type OrderAddressDistrict = {
  /** It is the code of the district of the address. */
  code?: Maybe<Scalars['String']['output']>;
  /** It is the id of the district of the address. */
  id?: Maybe<Scalars['String']['output']>;
  /** It is the name of the district of the address. */
  name?: Maybe<Scalars['String']['output']>;
};

export type OrderAddressRegion = {
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted?: Maybe<Scalars['Boolean']['output']>;
  /** It is the id of the region of the address. */
  id: Scalars['String']['output'];
  /** It is the name of the region of the address. */
  name: Scalars['String']['output'];
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
};

export type OrderAddressState = {
  /** It is the code of the state of the address. */
  code?: Maybe<Scalars['String']['output']>;
  /** It is the id of the state of the address. */
  id?: Maybe<Scalars['String']['output']>;
  /** It is the name of the state of the address. */
  name?: Maybe<Scalars['String']['output']>;
};

export type OrderAdjustment = {
  /** It is the adjustment amount in the order. This amount can be positive or negative. */
  amount: Scalars['Float']['output'];
  amountType: OrderAmountTypeEnum;
  /** A list of order line items, each containing information about a order line item in the order. */
  appliedOrderLines?: Maybe<Array<OrderAdjustmentAppliedOrderLine>>;
  /** If the adjustment is associated to the campaign, it will show the campaign id. */
  campaignId?: Maybe<Scalars['String']['output']>;
  /** If the adjustment is associated to the campaign, it will show the campaign id. */
  campaignType?: Maybe<CampaignTypeEnum>;
  /** It is the coupon id generated depending on the campaign. */
  couponId?: Maybe<Scalars['String']['output']>;
  createdFor?: Maybe<CampaignCreatedForEnum>;
  /** It is the name of the adjustment. */
  name: Scalars['String']['output'];
  /** It is the order of the adjustment. Adjustments are applied in this order. */
  order: Scalars['Float']['output'];
  /** The amount is the id of the transaction. */
  transactionId?: Maybe<Scalars['String']['output']>;
  type: OrderAdjustmentEnum;
  usedLoyaltyPoints?: Maybe<Scalars['Float']['output']>;
};

export type OrderAdjustmentAppliedOrderLine = {
  /** Is he amount of the applied adjustment. */
  amount: Scalars['Float']['output'];
  /** It is the quantity of variants within the order line item to which the adjustment is applied. */
  appliedQuantity: Scalars['Float']['output'];
  /** It is the quantity of variants within the order line item to which the adjustment is applied. */
  isAutoCreated?: Maybe<Scalars['Boolean']['output']>;
  /** It is the id of the order line item to which the adjustment is applied. */
  orderLineId: Scalars['String']['output'];
};

export type OrderAdjustmentEnum = 'DECREMENT' | 'INCREMENT';

export type OrderAmountTypeEnum = 'AMOUNT' | 'RATIO';

export type OrderAttributeValue = {
  /** It is the attribute id */
  orderAttributeId?: Maybe<Scalars['String']['output']>;
  /** It is the attribute option id */
  orderAttributeOptionId?: Maybe<Scalars['String']['output']>;
  /** It is the attribute value */
  value?: Maybe<Scalars['String']['output']>;
};

export type OrderBranch = {
  /** It is the id of the branch where the order was created. */
  id: Scalars['String']['output'];
  /** It is the name of the branch where the order was created. */
  name?: Maybe<Scalars['String']['output']>;
};

export type OrderBranchSession = {
  /** It is the id of the branch session where the order was created. */
  id: Scalars['String']['output'];
  /** It is the name of the branch session where the order was created. */
  name?: Maybe<Scalars['String']['output']>;
};

export type OrderCancelledReasonEnum = 'CUSTOMER' | 'DECLINED' | 'INVENTORY' | 'OTHER';

export type OrderCurrencyRate = {
  /** It is the code of the currency.  */
  code: Scalars['String']['output'];
  /** It is the original rate of the currency. */
  originalRate: Scalars['Float']['output'];
  /** It is the rate of the currency. */
  rate: Scalars['Float']['output'];
};

export type OrderCustomer = {
  /** It is the email of the customer who created the order. */
  email?: Maybe<Scalars['String']['output']>;
  /** It is the first name of the customer who created the order. */
  firstName?: Maybe<Scalars['String']['output']>;
  /** It is the full name name of the customer who created the order. */
  fullName?: Maybe<Scalars['String']['output']>;
  /** It is the id of the customer who created the order. */
  id?: Maybe<Scalars['String']['output']>;
  /** Indicates whether the order was created by a new customer with no email record. **isGuestCheckout** returns true if the order was created without customer email information. */
  isGuestCheckout?: Maybe<Scalars['Boolean']['output']>;
  /** It is the last name of the customer who created the order. */
  lastName?: Maybe<Scalars['String']['output']>;
  notificationsAccepted?: Maybe<Scalars['Boolean']['output']>;
  /** It is the phone number of the customer who created the order. */
  phone?: Maybe<Scalars['String']['output']>;
  /** It is the preferred language of the customer who created the order. */
  preferredLanguage?: Maybe<Scalars['String']['output']>;
};

export type OrderCustomerGroup = {
  /** It is the customer's group id */
  id: Scalars['String']['output'];
  /** It is the customer's group name */
  name: Scalars['String']['output'];
};

export type OrderCustomerSegment = {
  /** It is the customer's segment id */
  id: Scalars['String']['output'];
  /** It is the customer's segment name */
  name: Scalars['String']['output'];
};

export type OrderCustomerSubscriptionPlan = {
  /** It is the id of the customer subscription plan. */
  id: Scalars['String']['output'];
};

export type OrderGiftCardLine = {
  amount: Scalars['Float']['output'];
  appliedTransactions: Array<OrderGiftCardLineAppliedTransaction>;
  code: Scalars['String']['output'];
  giftCardId: Scalars['String']['output'];
  id: Scalars['String']['output'];
  type?: Maybe<GiftCardTypeEnum>;
};

export type OrderGiftCardLineAppliedTransaction = {
  amount: Scalars['Float']['output'];
  id: Scalars['String']['output'];
  type: TransactionTypeEnum;
};

export type OrderGiftPackageLine = {
  /** Indicates whether the gift cost is refunded if the order is refunded. **isRefunded** returns `true` if the amount is refunded.  */
  isRefunded?: Maybe<Scalars['Boolean']['output']>;
  /** It is the price of the order gift package line. */
  price: Scalars['Float']['output'];
  priceListId?: Maybe<Scalars['String']['output']>;
  /** It is the tax value of the order gift package line price. */
  taxValue?: Maybe<Scalars['Float']['output']>;
};

export type OrderLineBaseUnit = {
  /** It is the amount of the unit. */
  baseAmount: Scalars['Float']['output'];
  /** It is the type of the unit of the variant. */
  type: ProductUnitTypeEnum;
  /** It is the amount of the unit. */
  unit?: Maybe<OrderLineVariantUnitType>;
};

export type OrderLineBundleVariant = {
  /** It is the barcode list of the variant. */
  barcodeList?: Maybe<Array<Scalars['String']['output']>>;
  /** Information about the brand of variant. */
  baseUnit?: Maybe<OrderLineBaseUnit>;
  /** Information about the brand of variant. */
  brand?: Maybe<OrderLineVariantBrand>;
  /** A list of category objects, each containing information about a category in the variant. */
  categories?: Maybe<Array<OrderLineVariantCategory>>;
  /** It is the id of the product file. */
  fileId?: Maybe<Scalars['String']['output']>;
  /** It is the hasCode of the variant. */
  hsCode?: Maybe<Scalars['String']['output']>;
  /** It is the id of the variant. */
  id?: Maybe<Scalars['String']['output']>;
  /** It is the main image id of the variant. */
  mainImageId?: Maybe<Scalars['String']['output']>;
  /** It is the name of the variant. */
  name: Scalars['String']['output'];
  /** It is the price list of the variant. Different price lists may have different pricing. */
  prices?: Maybe<Array<OrderLineVariantPrice>>;
  /** It is the product id of the variant. */
  productId?: Maybe<Scalars['String']['output']>;
  /** It is the product volume discount id of the product. */
  productVolumeDiscountId?: Maybe<Scalars['String']['output']>;
  /** It is the sku of the variant. */
  sku?: Maybe<Scalars['String']['output']>;
  /** It is the slug of the variant. The slug value is unique each variant and product. */
  slug?: Maybe<Scalars['String']['output']>;
  /** It is the the tag id list  */
  tagIds?: Maybe<Array<Scalars['String']['output']>>;
  /** A list of tag objects, each containing information about a tag in the variant. */
  tags?: Maybe<Array<OrderLineVariantTag>>;
  /**
   * It is the tax value of the variant.
   * @deprecated Will be removed use OrderLineItem.taxValue
   */
  taxValue?: Maybe<Scalars['Float']['output']>;
  type?: Maybe<Scalars['Float']['output']>;
  /** Information about the brand of variant. */
  unit?: Maybe<OrderLineVariantUnit>;
  /** It is the variant values of the variant. */
  variantValues?: Maybe<Array<OrderLineVariantVariantValues>>;
  weight?: Maybe<Scalars['Float']['output']>;
};

export type OrderLineDiscount = {
  amount: Scalars['Float']['output'];
  amountType: OrderAmountTypeEnum;
  campaignOfferId?: Maybe<Scalars['String']['output']>;
  campaignOfferProductId?: Maybe<Scalars['String']['output']>;
  maxApplicableQuantity?: Maybe<Scalars['Float']['output']>;
  productVolumeDiscountId?: Maybe<Scalars['String']['output']>;
  reason?: Maybe<Scalars['String']['output']>;
};

export type OrderLineItem = {
  /** It is the option information of the variant value in the order line item. */
  bundleProductSettings?: Maybe<BundleProductOrderLine>;
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  /** It is the currency code of the order line item. */
  currencyCode?: Maybe<Scalars['String']['output']>;
  currencySymbol?: Maybe<Scalars['String']['output']>;
  /** Information about the customer subscription plan of order line. */
  customerSubscriptionPlan?: Maybe<OrderLineItemCustomerSubscriptionPlan>;
  deleted: Scalars['Boolean']['output'];
  /** Information about the discount. Shows the details of the discount applied to the order line item. */
  discount?: Maybe<OrderLineDiscount>;
  /** It is the discount price of the order line item. */
  discountPrice?: Maybe<Scalars['Float']['output']>;
  /** After creating the order, it indicates whether the relevant line has been added/removed by the store staff. */
  edited?: Maybe<Scalars['Boolean']['output']>;
  /** It is the final price of the order line item. If the discount price is less than the sell price, the final price is equal to the discount price. */
  finalPrice?: Maybe<Scalars['Float']['output']>;
  /** It is the unit price of the order line item. */
  finalUnitPrice?: Maybe<Scalars['Float']['output']>;
  id: Scalars['String']['output'];
  /** It is the option information of the variant value in the order line item. */
  options?: Maybe<Array<OrderLineOption>>;
  /** It is the original order line item id of the line item. If the line item is derived from another line item, this field is filled. */
  originalOrderLineItemId?: Maybe<Scalars['String']['output']>;
  /** It is the selling price of the order line item. */
  price: Scalars['Float']['output'];
  /** It is the quantity of variant in the order line item. */
  quantity: Scalars['Float']['output'];
  sourceId?: Maybe<Scalars['String']['output']>;
  /** It is the status enum of the order line item */
  status: OrderLineItemStatusEnum;
  /** It is the date when the last status of the order line item was updated. */
  statusUpdatedAt?: Maybe<Scalars['Timestamp']['output']>;
  /** It is the stock location id of the variant value in the order line item. */
  stockLocationId?: Maybe<Scalars['String']['output']>;
  /** Information about the subscription plan of order line. */
  subscriptionPlan?: Maybe<OrderLineItemSubscriptionPlan>;
  /** It is the tax value of the order line item. */
  taxValue?: Maybe<Scalars['Float']['output']>;
  /** It is the unit price of the order line item. */
  unitPrice?: Maybe<Scalars['Float']['output']>;
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
  /** Information about the variant of the order line item. */
  variant: OrderLineVariant;
};

export type OrderLineItemCustomerSubscriptionPlan = {
  /** It is the id of subscription plan */
  id: Scalars['String']['output'];
};

export type OrderLineItemStatusEnum =
  | 'CANCELLED'
  | 'CANCEL_REJECTED'
  | 'CANCEL_REQUESTED'
  | 'DELIVERED'
  | 'FULFILLED'
  | 'PLANNED'
  | 'REFUNDED'
  | 'REFUND_REJECTED'
  | 'REFUND_REQUESTED'
  | 'REFUND_REQUEST_ACCEPTED'
  | 'RETURN_DELIVERED'
  | 'RETURN_IN_TRANSIT'
  | 'RETURN_PARCEL_WAITING'
  | 'RETURN_REJECTED'
  | 'UNFULFILLED';

export type OrderLineItemSubscriptionPlan = {
  /** It is the id of subscription plan */
  id: Scalars['String']['output'];
  /** It is the name of subscription plan. */
  name: Scalars['String']['output'];
  /** It is the period of the subscription plan */
  period: OrderLineItemSubscriptionPlanPeriod;
};

export type OrderLineItemSubscriptionPlanPeriod = {
  /** It is the cut of day of subscription plan period */
  cutOffDay?: Maybe<Scalars['Float']['output']>;
  /** It is the discount of subscription plan period */
  discount?: Maybe<SubscriptionPlanDiscount>;
  /** It is the duration unit of subscription plan period. */
  durationUnit: SubscriptionPlanDurationUnitTypeEnum;
  /** It is the duration value of subscription plan period. */
  durationValue: Scalars['Float']['output'];
  /** It is the id of subscription plan period */
  id: Scalars['String']['output'];
  /** It is the max orders of subscription plan period */
  maxOrders?: Maybe<Scalars['Float']['output']>;
  /** It is the payment type of subscription plan */
  paymentType: SubscriptionPlanPaymentTypeEnum;
  /** It is the scheduled order day of subscription plan period. */
  scheduledOrderDay?: Maybe<Scalars['Float']['output']>;
  /** It is the id of subscription plan period */
  title: Scalars['String']['output'];
};

export type OrderLineOption = {
  /** It is the name of order line option in the order line item. */
  name: Scalars['String']['output'];
  /** It is the product option id of the product in the order line item. */
  productOptionId: Scalars['String']['output'];
  /** It is the product option set id of the product in the order line item. */
  productOptionsSetId: Scalars['String']['output'];
  /** It is the type of the order line option. */
  type: ProductOptionTypeEnum;
  values: Array<OrderLineOptionValue>;
};

export type OrderLineOptionValue = {
  applyAfterCampaign?: Maybe<Scalars['Boolean']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  price?: Maybe<Scalars['Float']['output']>;
  priceType?: Maybe<ProductOptionPriceTypeEnum>;
  value: Scalars['String']['output'];
};

export type OrderLineVariant = {
  /** It is the barcode list of the variant. */
  barcodeList?: Maybe<Array<Scalars['String']['output']>>;
  /** Information about the brand of variant. */
  baseUnit?: Maybe<OrderLineBaseUnit>;
  /** Information about the brand of variant. */
  brand?: Maybe<OrderLineVariantBrand>;
  /** Shows the list of bundle products in the line item. */
  bundleProducts?: Maybe<Array<OrderLineVariantBundleProductModel>>;
  /** A list of category objects, each containing information about a category in the variant. */
  categories?: Maybe<Array<OrderLineVariantCategory>>;
  /** It is the id of the product file. */
  fileId?: Maybe<Scalars['String']['output']>;
  /** It is the hasCode of the variant. */
  hsCode?: Maybe<Scalars['String']['output']>;
  /** It is the id of the variant. */
  id?: Maybe<Scalars['String']['output']>;
  /** It is the main image id of the variant. */
  mainImageId?: Maybe<Scalars['String']['output']>;
  /** It is the name of the variant. */
  name: Scalars['String']['output'];
  /** It is the price list of the variant. Different price lists may have different pricing. */
  prices?: Maybe<Array<OrderLineVariantPrice>>;
  /** It is the product id of the variant. */
  productId?: Maybe<Scalars['String']['output']>;
  /** It is the product volume discount id of the product. */
  productVolumeDiscountId?: Maybe<Scalars['String']['output']>;
  /** It is the sku of the variant. */
  sku?: Maybe<Scalars['String']['output']>;
  /** It is the slug of the variant. The slug value is unique each variant and product. */
  slug?: Maybe<Scalars['String']['output']>;
  /** It is the the tag id list  */
  tagIds?: Maybe<Array<Scalars['String']['output']>>;
  /** A list of tag objects, each containing information about a tag in the variant. */
  tags?: Maybe<Array<OrderLineVariantTag>>;
  /**
   * It is the tax value of the variant.
   * @deprecated Will be removed use OrderLineItem.taxValue
   */
  taxValue?: Maybe<Scalars['Float']['output']>;
  type?: Maybe<Scalars['Float']['output']>;
  /** Information about the brand of variant. */
  unit?: Maybe<OrderLineVariantUnit>;
  /** It is the variant values of the variant. */
  variantValues?: Maybe<Array<OrderLineVariantVariantValues>>;
  weight?: Maybe<Scalars['Float']['output']>;
};

export type OrderLineVariantBrand = {
  /** It is the id of the brand of the variant. */
  id: Scalars['String']['output'];
  /** It is the name of the category. */
  name: Scalars['String']['output'];
};

export type OrderLineVariantBundleProductModel = {
  /** It indicates whether the variant price within the package product will be reflected in the order line or not. */
  addToBundleBasePrice?: Maybe<Scalars['Boolean']['output']>;
  /** It is the value that indicates whether the product has been deleted or not. */
  deleted?: Maybe<Scalars['Boolean']['output']>;
  /** It is the final price of the variant. */
  discountPrice?: Maybe<Scalars['Float']['output']>;
  /** It is the discount ratio of the variant. */
  discountRatio?: Maybe<Scalars['Float']['output']>;
  /** It is the final price of the variant. */
  finalPrice?: Maybe<Scalars['Float']['output']>;
  /** It is the unit price of the variant */
  finalUnitPrice?: Maybe<Scalars['Float']['output']>;
  id: Scalars['String']['output'];
  /** It is the option information of the variant value in the order line item. */
  options?: Maybe<Array<OrderLineOption>>;
  /** Indicates the order of the product in the bundle. */
  order: Scalars['Float']['output'];
  /** It is the price of the variant. */
  price: Scalars['Float']['output'];
  /** It is the quantity of the variant. */
  quantity: Scalars['Float']['output'];
  /** It is the tax value of the variant. */
  taxValue?: Maybe<Scalars['Float']['output']>;
  /** It is the unit price of the variant */
  unitPrice?: Maybe<Scalars['Float']['output']>;
  /** Information about the variant of the order line item. */
  variant: OrderLineBundleVariant;
};

export type OrderLineVariantCategory = {
  /** It is the path of the category. */
  categoryPath?: Maybe<Array<OrderLineVariantCategoryPath>>;
  /** It is the id of the category of the variant. */
  id: Scalars['String']['output'];
  /** It is the name of the category. */
  name: Scalars['String']['output'];
};

export type OrderLineVariantCategoryPath = {
  /** It is the id of the category of the variant. */
  id: Scalars['String']['output'];
  /** It is the name of the category. */
  name: Scalars['String']['output'];
};

export type OrderLineVariantPrice = {
  /** It is the buy price of variant. */
  buyPrice?: Maybe<Scalars['Float']['output']>;
  /** It is the currency code of variant. */
  currency?: Maybe<Scalars['String']['output']>;
  currencySymbol?: Maybe<Scalars['String']['output']>;
  /** It is the discount price of variant. */
  discountPrice?: Maybe<Scalars['Float']['output']>;
  /** It is the id of the price list to which the variant is associated. */
  priceListId?: Maybe<Scalars['String']['output']>;
  /** It is the sell price of variant. */
  sellPrice: Scalars['Float']['output'];
  /** It is the unit price of variant. */
  unitPrice?: Maybe<Scalars['Float']['output']>;
};

export type OrderLineVariantTag = {
  /** It is the id of the tag of the variant. */
  id: Scalars['String']['output'];
  /** It is the name of the tag. */
  name: Scalars['String']['output'];
};

export type OrderLineVariantUnit = {
  /** It is the amount of the unit. */
  amount: Scalars['Float']['output'];
  /** It is the type of the unit of the variant. */
  type: ProductUnitTypeEnum;
};

export type OrderLineVariantUnitType = {
  /** It is the id of the category of the variant. */
  id: Scalars['String']['output'];
  /** It is the amount of the unit. */
  name: Scalars['String']['output'];
};

export type OrderLineVariantVariantValues = {
  /** It is the order of variant value. The variant value order starts from 0. */
  order: Scalars['Float']['output'];
  /** It is the order of variant value. The variant value order starts from 0. */
  variantTypeId: Scalars['String']['output'];
  /** It is the order of variant value. The variant value order starts from 0. */
  variantTypeName?: Maybe<Scalars['String']['output']>;
  /** It is the order of variant value. The variant value order starts from 0. */
  variantValueId: Scalars['String']['output'];
  /** It is the order of variant value. The variant value order starts from 0. */
  variantValueName?: Maybe<Scalars['String']['output']>;
};

export type OrderLoyaltyLine = {
  amount: Scalars['Float']['output'];
  id: Scalars['String']['output'];
  loyaltyProgramCustomerId: Scalars['String']['output'];
  loyaltyProgramId: Scalars['String']['output'];
  loyaltyProgramSpendingMethodType?: Maybe<Scalars['String']['output']>;
  loyaltySpendingMethodId: Scalars['String']['output'];
};

export type OrderPackage = {
  appId?: Maybe<Scalars['String']['output']>;
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted: Scalars['Boolean']['output'];
  /** If the package was sent via the cargo application and received an error, this field is filled with an error message. */
  errorMessage?: Maybe<Scalars['String']['output']>;
  id: Scalars['String']['output'];
  /** An optional note, can attach to the order package. */
  note?: Maybe<Scalars['String']['output']>;
  /** It is the id list of the order line items in the package. */
  orderLineItemIds: Array<Scalars['String']['output']>;
  /** It is the fulfill status of the package */
  orderPackageFulfillStatus: OrderPackageFulfillStatusEnum;
  /** It is the number of order package. Order package number is created with the order number - order package sequence format. */
  orderPackageNumber: Scalars['String']['output'];
  /** If it is a refund package, specify the id of the refund reason. */
  refundReasonId?: Maybe<Scalars['String']['output']>;
  returnShippingMethod?: Maybe<ReturnShippingMethodEnum>;
  sourceId?: Maybe<Scalars['String']['output']>;
  stockLocationId: Scalars['String']['output'];
  subscriptionPlanOrder?: Maybe<OrderPackageCustomerSubscriptionPlanOrder>;
  /** It is the stock location id information where the package will be shipped. */
  trackingInfo?: Maybe<TrackingInfo>;
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
};

export type OrderPackageCustomerSubscriptionPlanOrder = {
  customerSubscriptionPlanId: Scalars['String']['output'];
  customerSubscriptionPlanOrderId: Scalars['String']['output'];
  paymentDate: Scalars['Timestamp']['output'];
  paymentStatus: CustomerSubscriptionPlanOrderPaymentStatusEnum;
  plannedDate: Scalars['Timestamp']['output'];
  status: CustomerSubscriptionPlanOrderStatusEnum;
};

export type OrderPackageFulfillStatusEnum =
  | 'CANCELLED'
  | 'CANCEL_REJECTED'
  | 'CANCEL_REQUESTED'
  | 'DELIVERED'
  | 'ERROR'
  | 'FULFILLED'
  | 'PLANNED'
  | 'READY_FOR_PICK_UP'
  | 'READY_FOR_SHIPMENT'
  | 'REFUNDED'
  | 'REFUND_REJECTED'
  | 'REFUND_REQUESTED'
  | 'REFUND_REQUEST_ACCEPTED'
  | 'RETURN_DELIVERED'
  | 'RETURN_IN_TRANSIT'
  | 'RETURN_PARCEL_WAITING'
  | 'RETURN_REJECTED'
  | 'UNABLE_TO_DELIVER';

export type OrderPackageStatusEnum =
  | 'CANCELLED'
  | 'CANCEL_REJECTED'
  | 'CANCEL_REQUESTED'
  | 'DELIVERED'
  | 'FULFILLED'
  | 'PARTIALLY_CANCELLED'
  | 'PARTIALLY_DELIVERED'
  | 'PARTIALLY_FULFILLED'
  | 'PARTIALLY_READY_FOR_SHIPMENT'
  | 'PARTIALLY_REFUNDED'
  | 'PLANNED'
  | 'READY_FOR_PICK_UP'
  | 'READY_FOR_SHIPMENT'
  | 'REFUNDED'
  | 'REFUND_REJECTED'
  | 'REFUND_REQUESTED'
  | 'REFUND_REQUEST_ACCEPTED'
  | 'RETURN_DELIVERED'
  | 'RETURN_IN_TRANSIT'
  | 'RETURN_PARCEL_WAITING'
  | 'RETURN_REJECTED'
  | 'UNABLE_TO_DELIVER'
  | 'UNFULFILLED';

export type OrderPaymentMethod = {
  /** The indication of whether the payment was received through a gateway that is part of the payment group and does not have primary priority */
  isAlternativeGateway?: Maybe<Scalars['Boolean']['output']>;
  /** It is the gateway code of the order payment method. */
  paymentGatewayCode?: Maybe<Scalars['String']['output']>;
  /** It is the gateway name of the order payment method. */
  paymentGatewayId?: Maybe<Scalars['String']['output']>;
  /** It is the gateway name of the order payment method. */
  paymentGatewayName?: Maybe<Scalars['String']['output']>;
  /** It is the amount charged by the payment method. */
  price: Scalars['Float']['output'];
  /** It is the type enum of the order payment method. */
  type: PaymentMethodTypeEnum;
};

export type OrderPaymentStatusEnum =
  | 'FAILED'
  | 'OVER_PAID'
  | 'PAID'
  | 'PARTIALLY_PAID'
  | 'REFUNDED'
  | 'WAITING';

export type OrderPriceList = {
  /** It is the id of the price list. */
  id: Scalars['String']['output'];
  /** It is the name of the price list. */
  name?: Maybe<Scalars['String']['output']>;
};

export type OrderSalesChannel = {
  /** It is the sales channel id where the order was created. */
  id: Scalars['String']['output'];
  /** It is the sales channel name where the order was created. */
  name?: Maybe<Scalars['String']['output']>;
  /** It is the sales channel type where the order was created. */
  type?: Maybe<Scalars['Float']['output']>;
};

export type OrderSessionInfo = {
  countryCode?: Maybe<Scalars['String']['output']>;
  durationMS?: Maybe<Scalars['Float']['output']>;
  end?: Maybe<Scalars['Timestamp']['output']>;
  host?: Maybe<Scalars['String']['output']>;
  ip?: Maybe<Scalars['String']['output']>;
  journeyId?: Maybe<Scalars['String']['output']>;
  referer?: Maybe<Scalars['String']['output']>;
  salesChannelId?: Maybe<Scalars['String']['output']>;
  sessionId?: Maybe<Scalars['String']['output']>;
  start?: Maybe<Scalars['Timestamp']['output']>;
  storefrontId?: Maybe<Scalars['String']['output']>;
  /** @deprecated Separated as new OrderSession model */
  trafficSource?: Maybe<OrderSessionTrafficSource>;
  userAgent?: Maybe<OrderSessionUserAgent>;
  utm?: Maybe<OrderSessionUTM>;
  visitorId?: Maybe<Scalars['String']['output']>;
};

export type OrderSessionTrafficSource = {
  source?: Maybe<Scalars['String']['output']>;
  type: SFAnalyticsTrafficSourceEnum;
};

export type OrderSessionUTM = {
  campaign?: Maybe<Scalars['String']['output']>;
  content?: Maybe<Scalars['String']['output']>;
  medium?: Maybe<Scalars['String']['output']>;
  source?: Maybe<Scalars['String']['output']>;
  term?: Maybe<Scalars['String']['output']>;
};

export type OrderSessionUserAgent = {
  deviceType: UserAgentDeviceType;
  name: Scalars['String']['output'];
  os: Scalars['String']['output'];
};

export type OrderShippingLine = {
  cargoCompanyId?: Maybe<Scalars['String']['output']>;
  /** It is the final price after discounts are applied. */
  finalPrice: Scalars['Float']['output'];
  /** Indicates whether the shipping cost is refunded if the order is refunded. **isRefunded** returns `true` if the amount is refunded. */
  isRefunded?: Maybe<Scalars['Boolean']['output']>;
  /** Indicates whether the shipping cost is refunded if the order is refunded. **isRefunded** returns `true` if the amount is refunded. */
  paymentMethod?: Maybe<PaymentMethodTypeEnum>;
  /** It is the price of the order shipping line. */
  price: Scalars['Float']['output'];
  priceListId?: Maybe<Scalars['String']['output']>;
  /** It is the shipping settings id of the order shipping line. */
  shippingSettingsId?: Maybe<Scalars['String']['output']>;
  /** It is the shipping zone rate id of the order shipping line. */
  shippingZoneRateId?: Maybe<Scalars['String']['output']>;
  /** It is the tax value of the order shipping line price. */
  taxValue?: Maybe<Scalars['Float']['output']>;
  /** It is the title of the order shipping line. */
  title: Scalars['String']['output'];
  /** The amount is the id of the transaction. */
  transactionId?: Maybe<Scalars['String']['output']>;
};

export type OrderShippingMethodEnum =
  | 'CLICK_AND_COLLECT'
  | 'DIGITAL_DELIVERY'
  | 'NO_SHIPMENT'
  | 'SHIPMENT';

export type OrderStaff = {
  /** It is the email of the staff who created the order. */
  email: Scalars['String']['output'];
  /** It is the first name of the staff who created the order. */
  firstName: Scalars['String']['output'];
  /** It is the first name of the staff who created the order. */
  id: Scalars['String']['output'];
  /** It is the last name of the staff who created the order. */
  lastName: Scalars['String']['output'];
};

export type OrderStatusEnum =
  | 'CANCELLED'
  | 'CREATED'
  | 'DRAFT'
  | 'PARTIALLY_CANCELLED'
  | 'PARTIALLY_REFUNDED'
  | 'REFUNDED'
  | 'REFUND_REJECTED'
  | 'REFUND_REQUESTED'
  | 'WAITING_UPSELL_ACTION';

export type OrderStockLocation = {
  /** It is the id of the stock location of the merchant. */
  id: Scalars['String']['output'];
  /** It is the name of the stock location. */
  name: Scalars['String']['output'];
};

export type OrderStorefront = {
  /** It is the storefront id where the order was created. */
  id: Scalars['String']['output'];
  /** It is the storefront name id where the order was created. */
  name?: Maybe<Scalars['String']['output']>;
};

export type OrderStorefrontRouting = {
  /** It is the domain of the storefront routing. */
  domain?: Maybe<Scalars['String']['output']>;
  dynamicCurrencySettings?: Maybe<OrderStorefrontRoutingDynamicCurrencySettings>;
  /** It is the storefront routing id used by the storefront when the order was created. */
  id: Scalars['String']['output'];
  /** It is the locale of the storefront routing. */
  locale?: Maybe<Scalars['String']['output']>;
  /** It is the path of the storefront routing. */
  path?: Maybe<Scalars['String']['output']>;
  /** It is the price list id that associated on the storefront routing. */
  priceListId?: Maybe<Scalars['String']['output']>;
  salesChannelId?: Maybe<Scalars['String']['output']>;
};

export type OrderStorefrontRoutingDynamicCurrencySettings = {
  /** One of '.x0' | '.x9' | '.00' | '.90' | '.99' | '0.00' | '9.90' */
  roundingFormat?: Maybe<Scalars['String']['output']>;
  targetCurrencyCode: Scalars['String']['output'];
};

export type OrderStorefrontTheme = {
  /** It is the theme id customized by the merchant used by the storefront when the order was created. */
  id: Scalars['String']['output'];
  /** It is the theme theme name customized by the merchant used by the storefront when the order was created. */
  name?: Maybe<Scalars['String']['output']>;
  /** It is the ikas theme id used by the storefront when the order was created. */
  themeId?: Maybe<Scalars['String']['output']>;
  /** It is the ikas theme version id used by the storefront when the order was created. */
  themeVersionId?: Maybe<Scalars['String']['output']>;
};

export type OrderTaxLine = {
  /** It is the price of the order tax. */
  price: Scalars['Float']['output'];
  /** It is the percentage of the slice to which the calculated tax amount belongs. */
  rate: Scalars['Float']['output'];
};

export type PaymentMethodTypeEnum =
  | 'APP_PAYMENT'
  | 'BANK_REDIRECT'
  | 'BUY_ONLINE_PAY_AT_STORE'
  | 'CASH'
  | 'CASH_ON_DELIVERY'
  | 'CREDIT_CARD'
  | 'CREDIT_CARD_ON_DELIVERY'
  | 'DIRECT_DEBIT'
  | 'GIFT_CARD'
  | 'MONEY_ORDER'
  | 'OTHER'
  | 'PAY_LATER'
  | 'SLICE_IT'
  | 'STORE_CREDIT'
  | 'WALLET';

export type Product = {
  /** List of product attributes. */
  attributes?: Maybe<Array<ProductAttributeValue>>;
  /** Base unit of the product. */
  baseUnit?: Maybe<ProductBaseUnitModel>;
  /** Brand of the product. */
  brand?: Maybe<SimpleProductBrand>;
  /** Brand id of the product. */
  brandId?: Maybe<Scalars['String']['output']>;
  /** List of categories of the product. */
  categories?: Maybe<Array<SimpleCategory>>;
  /** List category identifiers of the product. */
  categoryIds?: Maybe<Array<Scalars['String']['output']>>;
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted: Scalars['Boolean']['output'];
  /** Description of the product. */
  description?: Maybe<Scalars['String']['output']>;
  dynamicPriceListIds?: Maybe<Array<Scalars['String']['output']>>;
  googleTaxonomyId?: Maybe<Scalars['String']['output']>;
  /** This is the variant type id that can be used to group variants by a specific variant type id. */
  groupVariantsByVariantTypeId?: Maybe<Scalars['String']['output']>;
  /** List of hidden sales channel ids of the product. */
  hiddenSalesChannelIds?: Maybe<Array<Scalars['String']['output']>>;
  id: Scalars['String']['output'];
  /** Max purchasable quantity of the product for per cart. */
  maxQuantityPerCart?: Maybe<Scalars['Float']['output']>;
  /** HTML Metadata identifier of the product. */
  metaData?: Maybe<HTMLMetaData>;
  /** Unique identifier of the product. */
  name: Scalars['String']['output'];
  /** Option set id of the product. */
  productOptionSetId?: Maybe<Scalars['String']['output']>;
  /** Variant types of the product. */
  productVariantTypes?: Maybe<Array<ProductVariantType>>;
  /** Volume discount id of the product. */
  productVolumeDiscountId?: Maybe<Scalars['String']['output']>;
  /** Release field to sort products according to specific date */
  releaseDate?: Maybe<Scalars['Timestamp']['output']>;
  /** List of sales channel ids of the product. */
  salesChannelIds?: Maybe<Array<Scalars['String']['output']>>;
  /** List of hidden sales channels of the product. */
  salesChannels?: Maybe<Array<ProductSalesChannel>>;
  /** Short description of the product. */
  shortDescription?: Maybe<Scalars['String']['output']>;
  /** Subscription plan id of product */
  subscriptionPlanId?: Maybe<Scalars['String']['output']>;
  /** List of product tag identifiers. */
  tagIds?: Maybe<Array<Scalars['String']['output']>>;
  /** List of product tags. */
  tags?: Maybe<Array<SimpleProductTag>>;
  totalStock?: Maybe<Scalars['Float']['output']>;
  /** Translations for the product. */
  translations?: Maybe<Array<ProductTranslation>>;
  /** Type of the product. */
  type: ProductTypeEnum;
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
  /** List of product variants. */
  variants: Array<Variant>;
  /** Vendor id of the product. */
  vendorId?: Maybe<Scalars['String']['output']>;
  /** Weight of the product. */
  weight?: Maybe<Scalars['Float']['output']>;
};

export type ProductAttribute = {
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted: Scalars['Boolean']['output'];
  /** Description of the attribute */
  description?: Maybe<Scalars['String']['output']>;
  id: Scalars['String']['output'];
  /** Name of the attribute */
  name: Scalars['String']['output'];
  /** Options of the attribute */
  options?: Maybe<Array<ProductAttributeOption>>;
  /** Table template description for product attribute */
  tableTemplate?: Maybe<ProductAttributeTableTemplate>;
  /** Translations for the attribute */
  translations?: Maybe<Array<ProductAttributeTranslation>>;
  /** Type of the attribute */
  type: ProductAttributeTypeEnum;
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
};

export type ProductAttributeOption = {
  /** It is the color code information of the product attribute option. It can be a maximum of 7 characters. */
  colorCode?: Maybe<Scalars['String']['output']>;
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted: Scalars['Boolean']['output'];
  id: Scalars['String']['output'];
  /** Name of the product attribute option */
  name: Scalars['String']['output'];
  /** It is the image information of the product attribute option. */
  thumbnailImageId?: Maybe<Scalars['String']['output']>;
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
};

export type ProductAttributeOptionTranslation = {
  id: Scalars['String']['output'];
  /** Name of the attribute option for translation. */
  name?: Maybe<Scalars['String']['output']>;
};

export type ProductAttributeTableCellData = {
  id: Scalars['String']['output'];
  /** Name of the product attribute table */
  name: Scalars['String']['output'];
};

export type ProductAttributeTableTemplate = {
  /** List of columns for product attribute table. */
  columns: Array<ProductAttributeTableCellData>;
  /** List of rows for product attribute table. */
  rows: Array<ProductAttributeTableCellData>;
};

export type ProductAttributeTranslation = {
  /** It is the description information of the translation. */
  description?: Maybe<Scalars['String']['output']>;
  /** It is the name information of the translation. */
  locale: Scalars['String']['output'];
  /** It is the information in which language the translation is saved. */
  name?: Maybe<Scalars['String']['output']>;
  /** List of translations for attribute options */
  options?: Maybe<Array<ProductAttributeOptionTranslation>>;
};

/** ProductAttribute Types */
export type ProductAttributeTypeEnum =
  | 'BOOLEAN'
  | 'CHOICE'
  | 'COLOR_THUMBNAIL_MULTIPLE_CHOICE'
  | 'DATE'
  | 'DATETIME'
  | 'HTML'
  | 'IMAGE'
  | 'MULTIPLE_CHOICE'
  | 'NUMERIC'
  | 'PRODUCT'
  | 'TABLE'
  | 'TEXT';

export type ProductAttributeValue = {
  /** Image ids of the product attribute */
  imageIds?: Maybe<Array<Scalars['String']['output']>>;
  /** Identifier of the product attribute */
  productAttributeId?: Maybe<Scalars['String']['output']>;
  /** Option identifier for the product attribute */
  productAttributeOptionId?: Maybe<Scalars['String']['output']>;
  /** Value of the product attribute */
  value?: Maybe<Scalars['String']['output']>;
};

export type ProductBaseUnitModel = {
  /** Amount of the product unit. */
  baseAmount?: Maybe<Scalars['Float']['output']>;
  /** Type of the product unit. */
  type: ProductUnitTypeEnum;
  /** Unit id of the product unit. */
  unitId?: Maybe<Scalars['String']['output']>;
};

export type ProductImage = {
  fileName?: Maybe<Scalars['String']['output']>;
  /** Id of the product image. */
  imageId?: Maybe<Scalars['String']['output']>;
  /** Whether the image is main image for the product or not. */
  isMain: Scalars['Boolean']['output'];
  /** True if this the media type is video */
  isVideo?: Maybe<Scalars['Boolean']['output']>;
  /** Order of the product image. */
  order: Scalars['Float']['output'];
};

export type ProductOptionPriceTypeEnum = 'AMOUNT' | 'RATIO';

export type ProductOptionTypeEnum =
  | 'CHECKBOX'
  | 'CHOICE'
  | 'COLOR_PICKER'
  | 'DATE_PICKER'
  | 'FILE'
  | 'IMAGE'
  | 'TEXT'
  | 'TEXT_AREA';

export type ProductPrice = {
  /** Buy price of product. */
  buyPrice?: Maybe<Scalars['Float']['output']>;
  /** Currency for the price of product. */
  currency?: Maybe<Scalars['String']['output']>;
  currencyCode?: Maybe<Scalars['String']['output']>;
  currencySymbol?: Maybe<Scalars['String']['output']>;
  /** Discount price of product. */
  discountPrice?: Maybe<Scalars['Float']['output']>;
  /** Id of the price list that the product belongs to. */
  priceListId?: Maybe<Scalars['String']['output']>;
  /** Sell price of product. */
  sellPrice: Scalars['Float']['output'];
};

export type ProductSalesChannel = {
  id: Scalars['String']['output'];
  /** Max purchasable quantity of the product for per cart. */
  maxQuantityPerCart?: Maybe<Scalars['Float']['output']>;
  /** Min purchasable quantity of the product for per cart. */
  minQuantityPerCart?: Maybe<Scalars['Float']['output']>;
  /** Volume discount id of the product. */
  productVolumeDiscountId?: Maybe<Scalars['String']['output']>;
  quantitySettings?: Maybe<Array<Scalars['Float']['output']>>;
  status: SalesChannelStatusEnum;
};

export type ProductStockLocation = {
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted: Scalars['Boolean']['output'];
  id: Scalars['String']['output'];
  productId: Scalars['String']['output'];
  stockCount: Scalars['Float']['output'];
  stockLocationId: Scalars['String']['output'];
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
  variantId: Scalars['String']['output'];
};

export type ProductTranslation = {
  /** It is the description information of the translation. */
  description?: Maybe<Scalars['String']['output']>;
  /** It is the name information of the translation. */
  locale: Scalars['String']['output'];
  /** It is the information in which language the translation is saved. */
  name?: Maybe<Scalars['String']['output']>;
};

/** Product Types */
export type ProductTypeEnum = 'BUNDLE' | 'DIGITAL' | 'MEMBERSHIP' | 'PHYSICAL' | 'SUBSCRIPTION';

export type ProductUnitTypeEnum =
  | 'CENTILITER'
  | 'CENTIMETER'
  | 'CUBIC_METERS'
  | 'CUSTOM'
  | 'GRAM'
  | 'KILOGRAM'
  | 'LITER'
  | 'METER'
  | 'MILLIGRAM'
  | 'MILLILITER'
  | 'MILLIMETER'
  | 'SQUARE_METERS';

export type ProductVariantType = {
  /** Order of the variant type. */
  order: Scalars['Float']['output'];
  /** Id of variant type. */
  variantTypeId: Scalars['String']['output'];
  /** List of variant value identifiers. */
  variantValueIds?: Maybe<Array<Scalars['String']['output']>>;
};

export type ReturnShippingMethodEnum = 'AUTO' | 'MANUAL' | 'NO_SHIPPING';

export type SFAnalyticsTrafficSourceEnum =
  | 'AFFILIATE'
  | 'BING_ADS'
  | 'DIRECT'
  | 'DISPLAY'
  | 'EMAIL'
  | 'FACEBOOK_ADS'
  | 'INSTAGRAM_ADS'
  | 'ORGANIC_SEARCH'
  | 'ORGANIC_SOCIAL'
  | 'OTHER'
  | 'PAID_OTHER'
  | 'PAID_SEARCH'
  | 'PAID_SOCIAL'
  | 'REFERRAL';

export type SalesChannelStatusEnum = 'HIDDEN' | 'PASSIVE' | 'VISIBLE';

export type SimpleCategory = {
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted: Scalars['Boolean']['output'];
  id: Scalars['String']['output'];
  /** It is the name of the category in which the product is located. */
  name: Scalars['String']['output'];
  /** It is the id of the superclass category of the category. */
  parentId?: Maybe<Scalars['String']['output']>;
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
};

export type SimpleProductBrand = {
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted: Scalars['Boolean']['output'];
  id: Scalars['String']['output'];
  /** The name of the product's brand. */
  name: Scalars['String']['output'];
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
};

export type SimpleProductTag = {
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted: Scalars['Boolean']['output'];
  id: Scalars['String']['output'];
  /** The name of the product's tag. */
  name: Scalars['String']['output'];
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
};

export type SubscriptionPeriodEnum = 'MONTHLY' | 'ONE_TIME' | 'YEARLY';

export type SubscriptionPlanDiscount = {
  amount: Scalars['Float']['output'];
  type: OrderAmountTypeEnum;
};

/** SubscriptionPlanDurationUnitTypeEnum */
export type SubscriptionPlanDurationUnitTypeEnum = 'DAY' | 'MONTH' | 'WEEK' | 'YEAR';

/** SubscriptionPlanPaymentTypeEnum */
export type SubscriptionPlanPaymentTypeEnum = 'POST_PAID' | 'PRE_PAID';

export type SubscriptionPriceCurrencyEnum = 'EUR' | 'TRY' | 'USD';

export type TrackingInfo = {
  /** It is the barcode of the order package. */
  barcode?: Maybe<Scalars['String']['output']>;
  /** It is the name of the cargo company. */
  cargoCompany?: Maybe<Scalars['String']['output']>;
  /** It is the key of the cargo company which can be retrieved via listCargoCompany query. */
  cargoCompanyId?: Maybe<Scalars['String']['output']>;
  /** Indicates whether the notification is sent to the customer after the cargo is delivered. **isSendNotification** returns true if the notification is sent. */
  isSendNotification?: Maybe<Scalars['Boolean']['output']>;
  /** It is the shipping label image of the order package. */
  shippingLabelImage?: Maybe<Scalars['String']['output']>;
  /** It is the tracking link of the order package. */
  trackingLink?: Maybe<Scalars['String']['output']>;
  /** It is the tracking number of the order package. */
  trackingNumber?: Maybe<Scalars['String']['output']>;
};

export type TransactionTypeEnum = 'REFUND' | 'SALE' | 'VOID';

export type UserAgentDeviceType =
  | 'CAMERA'
  | 'CAR'
  | 'CONSOLE'
  | 'DESKTOP'
  | 'FEATURE_PHONE'
  | 'OTHER'
  | 'PERIPHERAL'
  | 'PHABLET'
  | 'PORTABLE_MEDIA_PLAYER'
  | 'SMARTPHONE'
  | 'SMART_DISPLAY'
  | 'SMART_SPEAKER'
  | 'TABLET'
  | 'TELEVISION'
  | 'WEARABLE';

export type Variant = {
  /** List of variant attributes. */
  attributes?: Maybe<Array<ProductAttributeValue>>;
  /** List of barcode for the variant. */
  barcodeList?: Maybe<Array<Scalars['String']['output']>>;
  /** Show the product bundle settings. */
  bundleSettings?: Maybe<BundleSettingsModel>;
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted: Scalars['Boolean']['output'];
  /** Id of product file. */
  fileId?: Maybe<Scalars['String']['output']>;
  /** Hs code of the variant. */
  hsCode?: Maybe<Scalars['String']['output']>;
  id: Scalars['String']['output'];
  /** List of images for variant. */
  images?: Maybe<Array<ProductImage>>;
  /** Whether the variant is active or not. */
  isActive: Scalars['Boolean']['output'];
  /** List of prices for the variant. */
  prices: Array<ProductPrice>;
  /** Whether to sell if variant is out of stock or not. */
  sellIfOutOfStock?: Maybe<Scalars['Boolean']['output']>;
  /** SKU of the variant. */
  sku?: Maybe<Scalars['String']['output']>;
  stocks?: Maybe<Array<ProductStockLocation>>;
  /** Subscription plan id of product */
  subscriptionPlanId?: Maybe<Scalars['String']['output']>;
  /** Translations for the product. */
  unit?: Maybe<VariantUnitModel>;
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
  /** List of variant value ids. */
  variantValueIds?: Maybe<Array<VariantValueRelation>>;
  /** Weight of the variant. */
  weight?: Maybe<Scalars['Float']['output']>;
};

/** Variant Selection Types */
export type VariantSelectionTypeEnum = 'CHOICE' | 'COLOR';

export type VariantType = {
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted: Scalars['Boolean']['output'];
  id: Scalars['String']['output'];
  /** Product variant type name information. **For example: Size, Color, Number etc.**.It can be a maximum of 100 characters. */
  name: Scalars['String']['output'];
  /** Product variant type selection type. It can be choice or color. */
  selectionType: VariantSelectionTypeEnum;
  /** It is the translation information of the product variant types. */
  translations?: Maybe<Array<VariantTypeTranslation>>;
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
  /** Variant values used in Variant type. ** For example, variant type: Size. Variant values can be thought of as S, M, L, XL. **It is unique according to the value name.Values array size must have at least one element. */
  values: Array<VariantValue>;
};

export type VariantTypeTranslation = {
  /** It is the name information of the translation. */
  locale: Scalars['String']['output'];
  /** It is the information in which language the translation is saved. */
  name?: Maybe<Scalars['String']['output']>;
  /** It is the translation information of the values of variant types. */
  values?: Maybe<Array<VariantValueTranslation>>;
};

export type VariantUnitModel = {
  /** Amount of the product unit. */
  amount?: Maybe<Scalars['Float']['output']>;
  /** Type of the product unit. */
  type: ProductUnitTypeEnum;
};

export type VariantValue = {
  /** It is the color code information of the variant values. It can be a maximum of 7 characters. */
  colorCode?: Maybe<Scalars['String']['output']>;
  createdAt?: Maybe<Scalars['Timestamp']['output']>;
  deleted: Scalars['Boolean']['output'];
  id: Scalars['String']['output'];
  /** It is the name information of the values used in the Variant type. Value information of Variant type is unique according to name.It can be a maximum of 100 characters. */
  name: Scalars['String']['output'];
  /** It is the image information of the variant values. */
  thumbnailImageId?: Maybe<Scalars['String']['output']>;
  updatedAt?: Maybe<Scalars['Timestamp']['output']>;
};

export type VariantValueRelation = {
  /** Id of variant type. */
  variantTypeId: Scalars['String']['output'];
  /** iD of the variant value. */
  variantValueId: Scalars['String']['output'];
};

export type VariantValueTranslation = {
  id: Scalars['String']['output'];
  /** It is the information in which language the translation is saved. */
  name?: Maybe<Scalars['String']['output']>;
};
