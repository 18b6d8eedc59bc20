// The one money helper lives in the contract, shared with the web; this keeps the server's imports short.
export { toCents, toDollars } from '@plansmith/contract';
