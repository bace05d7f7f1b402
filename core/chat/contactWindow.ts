// The 'contact expired' badge (spec 4): some channels let a business answer only for a while after
// the customer's last message (Messenger and Instagram: 24 hours; WeChat's customer-service
// window: 48 hours). Past it, the contact has expired and a reply is refused by the platform.
// LINE and the web widget have no such window.

export const CONTACT_WINDOW_HOURS: Readonly<Record<string, number>> = {
  messenger: 24,
  instagram: 24,
  wechat: 48,
};

/** When the window closes (seconds), or null when the channel has none or the customer never wrote. */
export function contactExpiresAt(
  channelType: string | null | undefined,
  lastCustomerMessageAt: number | null | undefined,
): number | null {
  const hours = channelType ? CONTACT_WINDOW_HOURS[channelType] : undefined;
  if (!hours || typeof lastCustomerMessageAt !== 'number') return null;
  return lastCustomerMessageAt + hours * 3600;
}

export function isContactExpired(expiresAt: number | null | undefined, nowSeconds: number): boolean {
  return typeof expiresAt === 'number' && nowSeconds >= expiresAt;
}

/**
 * Whether an agent may write first to a customer who has not written: the channel must know them
 * (a social id, not a contact added without one) and have no reply window, which a customer who
 * never wrote has never opened.
 */
export function canWriteFirst(channelType: string | null | undefined, hasSocialId: boolean): boolean {
  return Boolean(channelType) && hasSocialId && !CONTACT_WINDOW_HOURS[channelType as string];
}
