/**
 * The charity NFTs' calls: charities (owners only), collections, items a page at a time, an item's
 * withdrawal, and the artwork's upload. Edits send the whole record as POST to its address, like the
 * console's other editors (the server takes POST and PUT).
 */
import type {
  AdminNftCharitiesResult,
  AdminNftCharity,
  AdminNftCharityInput,
  AdminNftCollection,
  AdminNftCollectionInput,
  AdminNftCollectionsResult,
  AdminNftItem,
  AdminNftItemInput,
  AdminNftItemsQuery,
  AdminNftItemsResult,
  AdminUploadResult,
} from '@openbourse/contracts/nfts.ts';
import { ApiError, api, errorText } from '@/shared/api';
import { sessionStore } from '@/shared/session';

export type Charity = AdminNftCharity;
export type CharityInput = AdminNftCharityInput;
export type Collection = AdminNftCollection;
export type CollectionInput = AdminNftCollectionInput;
export type Item = AdminNftItem;
export type ItemInput = AdminNftItemInput;
export type ItemsQuery = AdminNftItemsQuery;
export type Upload = AdminUploadResult;

export const charitiesKey = ['nft-charities'] as const;
export const collectionsKey = ['nft-collections'] as const;
export const itemsKey = ['nft-items'] as const;

export async function getCharities() {
  return (await api.get<AdminNftCharitiesResult>('nft-charities')).result;
}

export async function saveCharity(input: CharityInput, id?: number) {
  return (await api.post<Charity>(id === undefined ? 'nft-charities' : `nft-charities/${id}`, input)).result;
}

export async function getCollections() {
  return (await api.get<AdminNftCollectionsResult>('nft-collections')).result;
}

export async function saveCollection(input: CollectionInput, id?: number) {
  return (await api.post<Collection>(id === undefined ? 'nft-collections' : `nft-collections/${id}`, input)).result;
}

export async function getItems(query: ItemsQuery) {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params[k] = String(v);
  return (await api.get<AdminNftItemsResult>('nft-items', { query: params })).result;
}

export async function saveItem(input: ItemInput, id?: number) {
  return (await api.post<Item>(id === undefined ? 'nft-items' : `nft-items/${id}`, input)).result;
}

/** Takes an item down; refused (40068) once it has a bid. */
export async function withdrawItem(id: number) {
  return (await api.post<Item>(`nft-items/${id}/withdraw`)).result;
}

/**
 * Uploads an item's artwork (multipart: `purpose` nft, then `file`). The server checks the content:
 * not a whole JPG, JPEG 2000 or PNG → 40018, over 2 MB → 40019 (both `field: file`).
 */
export async function uploadArtwork(file: Blob): Promise<Upload> {
  const form = new FormData();
  form.append('purpose', 'nft');
  form.append('file', file);
  const token = sessionStore.get()?.token;
  let payload: { code?: number; msg?: string; field?: string; result?: Upload } | null;
  let status: number;
  try {
    const response = await globalThis.fetch('/swx/admin/files/upload', {
      method: 'POST',
      headers: token ? { Authorization: token, lang: 'en' } : { lang: 'en' },
      body: form,
      credentials: 'same-origin',
    });
    status = response.status;
    payload = await response.json().catch(() => null);
  } catch {
    throw new ApiError(0, errorText('unknown'), 'network');
  }
  const code = payload?.code ?? status;
  if (code === 401) {
    sessionStore.set(null);
    throw new ApiError(401, errorText(401), 'unauthorized');
  }
  if (code !== 200 || !payload?.result) {
    throw new ApiError(code, payload?.msg?.trim() || errorText(code), 'server', payload?.field);
  }
  return payload.result;
}
