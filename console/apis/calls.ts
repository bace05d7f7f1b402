// The calls of the API and verification settings (docs/api.md "External APIs", "Customer verification").
import type { ApiAnswers, ApiBodyType, ApiMethod } from '../../core/apis/connection';
import type { VariableOption } from '../../core/template/form';
import type {
  CustomerLanguage,
  VerificationField,
  VerificationMode,
  VerificationTextKey,
  VerificationTexts,
} from '../../core/verification/settings';
import { api } from '../session/api';

export interface WireParameter {
  key: string;
  value: string;
  secret: boolean;
  /** A secret the server holds (its value is never sent back). */
  has_value?: boolean;
}

export interface ApiConnection {
  _id: string;
  name: string;
  slug: string;
  method: ApiMethod;
  url: string;
  headers: WireParameter[];
  body_type: ApiBodyType;
  body: WireParameter[];
  body_json: string;
  status: boolean;
  variables_option: VariableOption[];
  sample_values: Record<string, string>;
  answers: ApiAnswers;
  placeholders: string[];
  updated_at: string;
}

export type ApiDraft = Omit<ApiConnection, '_id' | 'placeholders' | 'updated_at'> & { _id?: string };

export interface ApiTestResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  duration_ms: number;
  request: { method: string; url: string };
  response: string;
  variables: Record<string, unknown>;
}

export const listApis = () => api<{ list: ApiConnection[] }>('/api/settings/apis');
export const saveApi = (id: string | null, body: ApiDraft | { status: boolean }) =>
  id
    ? api<{ api: ApiConnection }>(`/api/settings/apis/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : api<{ api: ApiConnection }>('/api/settings/apis', { method: 'POST', body });
export const deleteApi = (id: string) =>
  api<{ deleted: number }>(`/api/settings/apis/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const testApi = (draft: ApiDraft, values: Record<string, string>) =>
  api<ApiTestResult>('/api/settings/apis/test', { method: 'POST', body: { ...draft, values } });

export interface VerificationSettingsWire {
  mode: VerificationMode;
  api_connection_id: string | null;
  fields: VerificationField[];
  texts: Partial<VerificationTexts>;
  language: CustomerLanguage;
  defaults: Record<
    CustomerLanguage,
    { texts: Record<VerificationTextKey, string>; fields: Record<string, string> }
  >;
  presets: VerificationField[];
}

export interface VerificationRequest {
  _id: string;
  status: string;
  follower: { _id: string; line_name: string; line_image: string | null; channel_type: string };
  values: { key: string; label: string; value: string }[];
  submitted_at: string | null;
  decided_at: string | null;
  decided_by: { _id: string; display_name: string } | null;
}

export const getVerificationSettings = () =>
  api<{ settings: VerificationSettingsWire }>('/api/settings/verification');
export const saveVerificationSettings = (body: Partial<VerificationSettingsWire>) =>
  api<{ settings: VerificationSettingsWire }>('/api/settings/verification', { method: 'PUT', body });
export const listVerificationRequests = (status: 'pending' | 'all') =>
  api<{ list: VerificationRequest[] }>('/api/verification/requests', { query: { status } });
export const decideVerification = (id: string, decision: 'approve' | 'reject') =>
  api<{ request: { _id: string; status: string } }>(
    `/api/verification/requests/${encodeURIComponent(id)}/${decision}`,
    { method: 'POST', body: {} },
  );
