/** The loan products' calls: every product, a new one, an edit (the whole product each time). */
import type { AdminLoanProduct, AdminLoanProductInput, AdminLoanProductsResult } from '@openbourse/contracts/loan.ts';
import { api } from '@/shared/api';

export type LoanProduct = AdminLoanProduct;
export type LoanProductInput = AdminLoanProductInput;

export const productsKey = ['loan-products'] as const;

export async function getProducts() {
  return (await api.get<AdminLoanProductsResult>('loan-products')).result;
}

/** Creates a product, or (with an id) replaces its fields; loans applied for keep their terms. */
export async function saveProduct(input: LoanProductInput, id?: number) {
  return (await api.post<LoanProduct>(id === undefined ? 'loan-products' : `loan-products/${id}`, input)).result;
}

/** The product as the form sends it (every field). */
export const inputOf = (p: LoanProduct): LoanProductInput => ({
  names: p.names,
  currency: p.currency,
  minAmount: p.minAmount,
  maxAmount: p.maxAmount,
  termDays: p.termDays,
  dailyRate: p.dailyRate,
  freeDays: p.freeDays,
  maxActive: p.maxActive,
  kycFrom: p.kycFrom,
  enabled: p.enabled,
  sort: p.sort,
});
