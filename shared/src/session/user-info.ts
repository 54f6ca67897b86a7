/** The session as the app stores it (docs/product.md "Entities", docs/api.md, /api/v1/account/getAccountInfo). */
export interface UserInfo {
  id: string;
  phone: string;
  nickname: string;
  name: string;
  avatar: string;
  token: string;
  /** Points balance (积分). */
  createNum: number;
  /** End of membership in ms; 0 = never a member. */
  expireTime: number;
  createdAt: number;
}
