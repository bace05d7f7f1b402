// Every migration, in the order it is applied. Add a new file per change; never edit an applied one.
import { m0001_accounts } from './0001_accounts';
import { m0002_chat } from './0002_chat';
import { m0003_media } from './0003_media';
import { m0005_widget } from './0005_widget';
import { m0006_reports } from './0006_reports';
import { m0007_templates } from './0007_templates';
import { m0008_channels } from './0008_channels';
import { m0009_contacts } from './0009_contacts';
import { m0011_automation } from './0011_automation';
import { m0012_file_store } from './0012_file_store';
import { m0013_broadcasts } from './0013_broadcasts';
import { m0014_chat_import } from './0014_chat_import';
import { m0015_actions } from './0015_actions';
import { m0016_drop_login_failures } from './0016_drop_login_failures';
import { m0017_followers_chats } from './0017_followers_chats';

export interface Migration {
  id: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  m0001_accounts,
  m0002_chat,
  m0003_media,
  m0005_widget,
  m0006_reports,
  m0007_templates,
  m0008_channels,
  m0009_contacts,
  m0011_automation,
  m0012_file_store,
  m0013_broadcasts,
  m0014_chat_import,
  m0015_actions,
  m0016_drop_login_failures,
  m0017_followers_chats,
];
