// Which screen each route of core/routes.ts shows. Every screen is its own code part. The inbox
// (/live) is not here: App.tsx draws it itself and keeps it while other screens show.
import type { ComponentType } from 'react';
import { lazyPage } from './lazyPage';

export interface PageProps {
  params: Record<string, string>;
  titleKey: string;
}

const comingSoon = lazyPage<PageProps>(() => import('../pages/ComingSoonPage'));

export const PAGES: Record<string, ComponentType<PageProps>> = {
  dashboard: lazyPage<PageProps>(() => import('../dashboard/DashboardPage')),
  media: lazyPage<PageProps>(() => import('../media/MediaPage')),
  'report-contact-growth': lazyPage<PageProps>(() => import('../reports/ContactGrowthPage')),
  'report-agent-performance': lazyPage<PageProps>(() => import('../reports/AgentPerformancePage')),
  'report-chat-volume': lazyPage<PageProps>(() => import('../reports/ChatVolumePage')),
  'report-satisfaction': lazyPage<PageProps>(() => import('../reports/SatisfactionPage')),
  'report-queue-performance': lazyPage<PageProps>(() => import('../reports/QueuePerformancePage')),
  log: lazyPage<PageProps>(() => import('../reports/LogPage')),
  'setting-channel': lazyPage<PageProps>(() => import('../channels/ChannelSettingsPage')),
  'message-template': lazyPage<PageProps>(() => import('../templates/TemplatesPage')),
  'message-template-new': lazyPage<PageProps>(() => import('../templates/TemplateEditorPage')),
  'message-template-edit': lazyPage<PageProps>(() => import('../templates/TemplateEditorPage')),
  'contact-list': lazyPage<PageProps>(() => import('../contacts/ContactsPage')),
  'setting-general': lazyPage<PageProps>(() => import('../settings/GeneralSettingsPage')),
  'setting-users': lazyPage<PageProps>(() => import('../settings/UsersPage')),
  'setting-tag': lazyPage<PageProps>(() => import('../settings/TagsPage')),
  'setting-queue': lazyPage<PageProps>(() => import('../settings/QueuesPage')),
  profile: lazyPage<PageProps>(() => import('../settings/ProfilePage')),
  'reply-message': lazyPage<PageProps>(() => import('../automation/ReplyMessagePage')),
  'keyword-mapping': lazyPage<PageProps>(() => import('../automation/KeywordMappingPage')),
  'setting-intent': lazyPage<PageProps>(() => import('../automation/IntentsPage')),
  'setting-api': lazyPage<PageProps>(() => import('../apis/ApisPage')),
  'setting-verification': lazyPage<PageProps>(() => import('../apis/VerificationPage')),
  'rich-menu': lazyPage<PageProps>(() => import('../richmenu/RichMenuPage')),
  'rich-menu-general': lazyPage<PageProps>(() => import('../richmenu/RichMenuListPage')),
  'rich-menu-personal': lazyPage<PageProps>(() => import('../richmenu/RichMenuListPage')),
  location: lazyPage<PageProps>(() => import('../locations/LocationPage')),
  monitoring: lazyPage<PageProps>(() => import('../monitoring/MonitoringPage')),
  'unknown-chats': lazyPage<PageProps>(() => import('../chatImport/UnknownChatsPage')),
  'setting-chat-import': lazyPage<PageProps>(() => import('../chatImport/ChatImportPage')),
  broadcast: lazyPage<PageProps>(() => import('../broadcast/BroadcastListPage')),
  'broadcast-create': lazyPage<PageProps>(() => import('../broadcast/BroadcastComposerPage')),
  'broadcast-edit': lazyPage<PageProps>(() => import('../broadcast/BroadcastComposerPage')),
  'broadcast-view': lazyPage<PageProps>(() => import('../broadcast/BroadcastViewPage')),
  'broadcast-report': lazyPage<PageProps>(() => import('../broadcast/BroadcastReportPage')),
};

export function pageFor(name: string): ComponentType<PageProps> {
  return PAGES[name] ?? comingSoon;
}
