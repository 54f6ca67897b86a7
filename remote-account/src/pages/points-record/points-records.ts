import { useRecordPages } from '../../records/record-pages';

export const POINTS_RECORDS_URL = '/api/v1/credit_consumption/list';

/** PointsRecord (docs/api.md, /api/v1/credit_consumption/list): `change` signed, `balance` after it. */
export interface PointsRecord {
  id: string;
  change: number;
  balance: number;
  type: 'register' | 'redeem' | 'generate' | 'refund' | 'admin';
  title: string;
  taskId: string;
  createdAt: number;
}

export function usePointsRecords(userId: string) {
  return useRecordPages<PointsRecord>('points-records', POINTS_RECORDS_URL, userId);
}
