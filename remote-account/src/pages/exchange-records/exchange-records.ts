import { useRecordPages } from '../../records/record-pages';

export const EXCHANGE_RECORDS_URL = '/api/v1/activationCode/activation_records';

/** ExchangeRecord (docs/api.md, /api/v1/activationCode/activation_records): `code` masked as ABCD********WXYZ. */
export interface ExchangeRecord {
  id: string;
  code: string;
  points: number;
  days: number;
  createdAt: number;
}

export function useExchangeRecords(userId: string) {
  return useRecordPages<ExchangeRecord>('exchange-records', EXCHANGE_RECORDS_URL, userId);
}
