// v1 with its export gone: a major change.
export const FORMATS = ['s'] as const;
