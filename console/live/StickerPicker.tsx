// LINE's stickers that a bot may send (core/chat/stickers.ts, LINE's documented list), one package
// at a time; sending one is a sticker message.
import { useState } from 'react';
import { stickerImageUrl } from '../../core/chat/mediaUrl';
import { LINE_STICKER_PACKAGES, stickerIds } from '../../core/chat/stickers';
import { t } from '../app/i18n';
import { Popover } from './Popover';

export function StickerPicker({
  onPick,
  onClose,
}: {
  onPick: (packageId: string, stickerId: string) => void;
  onClose: () => void;
}) {
  const [pkg, setPkg] = useState(LINE_STICKER_PACKAGES[0]);
  return (
    <Popover label={t('live.composer.sticker')} onClose={onClose}>
      <div className="sticker-packages" role="tablist" aria-label={t('live.stickers.packages')}>
        {LINE_STICKER_PACKAGES.map((p) => (
          <button
            key={p.packageId}
            type="button"
            role="tab"
            aria-selected={p === pkg}
            aria-label={t('live.stickers.package', { id: p.packageId })}
            onClick={() => setPkg(p)}
          >
            <img src={stickerImageUrl(String(p.first))} alt="" width={28} height={28} loading="lazy" />
          </button>
        ))}
      </div>
      <div className="sticker-grid">
        {stickerIds(pkg).map((s) => (
          <button
            key={`${pkg.packageId}-${s}`}
            type="button"
            className="sticker"
            onClick={() => onPick(pkg.packageId, s)}
            aria-label={t('live.composer.stickerNumber', { id: s })}
          >
            <img src={stickerImageUrl(s)} alt="" width={56} height={56} loading="lazy" />
          </button>
        ))}
      </div>
    </Popover>
  );
}
