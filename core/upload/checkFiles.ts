// Checks a picked set of files against spec 5's upload rules and names the spec 8 warning for
// each refused file, so the browser can warn and the server can refuse with the same verdict.
import type { FileCategory } from '../models/media';
import { isAllowedType, isRefusedInChat } from './fileTypes';
import { categoryOf, DEFAULT_UPLOAD_LIMITS, isWithinSizeLimit, type UploadLimits } from './limits';
import { checkResolution, type ResolutionRules } from './resolution';
import { UPLOAD_WARNINGS, type UploadWarning } from './warnings';

export interface FileCandidate {
  name: string;
  type: string;
  size: number;
  resolution?: { width: number; height: number } | null;
}

export interface UploadRules {
  limits?: UploadLimits;
  /** Extensions or content types; defaults to spec 5's list. */
  allowed?: readonly string[];
  /** The chat refuses zip, exe, gif and jfif on top of the allowed list. */
  inChat?: boolean;
  resolution?: ResolutionRules;
  /** An image whose size cannot be read is refused (spec 5); turn off only where size is irrelevant. */
  requireImageResolution?: boolean;
}

/** The warning for one file, or null when it may be uploaded. */
export function checkFile(file: FileCandidate, rules: UploadRules = {}): UploadWarning | null {
  if (file === null || typeof file !== 'object') return UPLOAD_WARNINGS.notAllowed;
  const category: FileCategory = categoryOf(file.type);
  if (rules.inChat && isRefusedInChat(file)) return UPLOAD_WARNINGS.notAllowed;
  if (!isAllowedType(file, rules.allowed)) return UPLOAD_WARNINGS.notAllowed;
  if (!isWithinSizeLimit(file.size, category, rules.limits ?? DEFAULT_UPLOAD_LIMITS))
    return UPLOAD_WARNINGS.tooLarge;
  if (category === 'image' && rules.requireImageResolution !== false) {
    const verdict = checkResolution(file.resolution, rules.resolution);
    if (verdict === 'missing') return UPLOAD_WARNINGS.noResolution;
    if (verdict === 'mismatch') return UPLOAD_WARNINGS.notMatchResolution;
  }
  return null;
}

export interface FilesVerdict<F extends FileCandidate> {
  accepted: F[];
  rejected: { file: F; warning: UploadWarning }[];
  /** More files than limits.maxFiles were picked; the extra ones are rejected with 'Please check your files again'. */
  tooMany: boolean;
}

export function checkFiles<F extends FileCandidate>(
  files: readonly F[],
  rules: UploadRules = {},
): FilesVerdict<F> {
  const maxFiles = (rules.limits ?? DEFAULT_UPLOAD_LIMITS).maxFiles;
  const verdict: FilesVerdict<F> = { accepted: [], rejected: [], tooMany: false };
  for (const file of Array.isArray(files) ? files : []) {
    const warning = checkFile(file, rules);
    if (warning) verdict.rejected.push({ file, warning });
    else if (verdict.accepted.length >= maxFiles) {
      verdict.tooMany = true;
      verdict.rejected.push({ file, warning: UPLOAD_WARNINGS.checkAgain });
    } else verdict.accepted.push(file);
  }
  return verdict;
}
