// The widget's calls (spec 7 "Widget"): menu, verification, history and the webhook that carries
// the visitor's messages and postbacks.
import type { WidgetMenu, WidgetMessage, WidgetWebhookEvent } from '../../models/widget';
import type { ApiClient } from '../client';

export const getWidgetMenu = (api: ApiClient, widgetId: string) =>
  api.get<WidgetMenu>('/service/widget/menu', { widget_id: widgetId });

export const verifyWidget = (api: ApiClient, body: Record<string, unknown>) =>
  api.post<{ status: string | boolean; data: unknown }>('/service/widget/verify', body);

export const getWidgetMessages = (api: ApiClient, query: { skip: number; limit: number }) =>
  api.get<{ chat: WidgetMessage[] }>('/service/widget/messages', { ...query });

export const sendWidgetEvents = (api: ApiClient, widgetId: string, events: WidgetWebhookEvent[]) =>
  api.post<unknown>(`/service/webhook/widget/${encodeURIComponent(widgetId)}`, { events });
