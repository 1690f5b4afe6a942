// Server services of fulfilment: the dropshipment to the supplier (its queue is registered with the
// workers), the supplier's API settings, and the built-in test supplier's images.
export {
  DROPSHIPMENT_QUEUE,
  dropshipmentQueue,
  enqueueDropshipment,
  getDropshipmentJob,
  retryDropshipment,
  type DropshipmentJob,
} from "./dropshipment.server";
export {
  CREDENTIAL_PLACEHOLDER,
  credentialsWithheldMessage,
  fillCredentialPlaceholders,
  getSupplierConfig,
  sendSupplierRequest,
  SupplierRequestError,
} from "./supplier-settings.server";
export { TEST_SUPPLIER_IMAGE_PATH } from "./test-supplier-images.server";
