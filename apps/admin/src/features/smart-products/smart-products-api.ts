/** The smart plan products' calls: every product with its live figures, a new one, an edit (the whole product each time). */
import type {
  AdminSmartProduct,
  AdminSmartProductInput,
  AdminSmartProductsResult,
} from '@openbourse/contracts/earn.ts';
import { api } from '@/shared/api';

export type SmartProduct = AdminSmartProduct;
export type SmartProductInput = AdminSmartProductInput;

export const smartProductsKey = ['smart-products'] as const;

export async function getSmartProducts() {
  return (await api.get<AdminSmartProductsResult>('smart-products')).result;
}

/**
 * Creates a product, or (with an id) replaces its fields. Plans already bought keep the term, yield
 * and penalty they were bought with. The edit goes as POST, like the other editors of the console
 * (the client speaks GET and POST only; the server takes POST and PUT on `smart-products/:id`).
 */
export async function saveSmartProduct(input: SmartProductInput, id?: number) {
  return (await api.post<SmartProduct>(id === undefined ? 'smart-products' : `smart-products/${id}`, input)).result;
}
