import type { PointsRecord } from '@app/contract';
import { api } from '@app/shared';
import { useRecordPages } from '../../records/record-pages';

export const POINTS_RECORDS_URL = '/api/v1/credit_consumption/list';

export function usePointsRecords(userId: string) {
  return useRecordPages<PointsRecord>(
    'points-records',
    (page, pageSize, signal) => api(POINTS_RECORDS_URL, { page, pageSize }, { signal }),
    userId,
  );
}
