import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { ReportView } from './ReportView';

export default function ChatVolumePage({ titleKey }: PageProps) {
  useSignals();
  return <ReportView name="chat-volume" title={t(titleKey)} />;
}
