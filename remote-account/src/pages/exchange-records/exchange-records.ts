import type { ExchangeRecord } from '@app/contract';
import { api } from '@app/shared';
import { useRecordPages } from '../../records/record-pages';

export const EXCHANGE_RECORDS_URL = '/api/v1/activationCode/activation_records';

export function useExchangeRecords(userId: string) {
  return useRecordPages<ExchangeRecord>(
    'exchange-records',
    (page, pageSize, signal) => api(EXCHANGE_RECORDS_URL, { page, pageSize }, { signal }),
    userId,
  );
}
