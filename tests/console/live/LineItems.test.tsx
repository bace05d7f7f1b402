// The inbox shows LINE's location and image map messages (issue 11, 6) instead of "cannot be
// shown": a location as a card with a map link in a new tab, an image map as its picture at 1040
// (a placeholder when it fails) with its alt text and what each area does. Untrusted text stays text.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { mapLink } from '../../../console/live/LineItems';
import { MessageItemView } from '../../../console/live/MessageItemView';
import type { MessageItem } from '../../../core/models/message';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
afterEach(() => container?.remove());

function render(item: unknown) {
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<MessageItemView item={item as MessageItem} incoming={false} />));
  return root;
}

describe('location items', () => {
  it('render as a card with title, address and an OpenStreetMap link opened in a new tab', () => {
    render({
      type: 'location',
      title: 'Siam Tea House',
      address: '989 Rama I Rd, Pathum Wan, Bangkok 10330',
      latitude: 13.7466,
      longitude: 100.5393,
    });
    const card = container.querySelector('[data-testid="location-card"]');
    expect(card?.querySelector('.location-title')?.textContent).toBe('Siam Tea House');
    expect(card?.querySelector('.location-address')?.textContent).toBe(
      '989 Rama I Rd, Pathum Wan, Bangkok 10330',
    );
    const link = card?.querySelector('a');
    expect(link?.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=13.7466&mlon=100.5393#map=17/13.7466/100.5393',
    );
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
    expect(link?.textContent).toBe('Open map');
    expect(container.textContent).not.toContain('cannot be shown');
  });

  it('show HTML in the title as text and give no link for coordinates off the map', () => {
    render({
      type: 'location',
      title: '<img src=x onerror=alert(1)>',
      address: '',
      latitude: 123,
      longitude: 0,
    });
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.location-title')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(container.querySelector('a')).toBeNull();
    expect(mapLink('13.5', '100.25')).toBe(
      'https://www.openstreetmap.org/?mlat=13.5&mlon=100.25#map=17/13.5/100.25',
    );
    expect(mapLink(Number.NaN, 0)).toBeNull();
    expect(mapLink(0, 181)).toBeNull();
    expect(mapLink('javascript:alert(1)', 0)).toBeNull();
  });
});

describe('image map items', () => {
  const imagemap = {
    type: 'imagemap',
    baseUrl: 'https://chat.example.test/imagemap/abcdefghij0123456789',
    altText: 'Spring offers',
    baseSize: { width: 1040, height: 780 },
    actions: [
      {
        type: 'uri',
        linkUri: 'https://chat.example.test/go?l=abc123',
        area: { x: 0, y: 0, width: 520, height: 780 },
      },
      { type: 'message', text: 'Tell me more', area: { x: 520, y: 0, width: 520, height: 780 } },
    ],
  };

  it('render the picture at 1040 with the alt text and each area listed', () => {
    render(imagemap);
    const img = container.querySelector('[data-testid="imagemap-item"] img');
    expect(img?.getAttribute('src')).toBe('https://chat.example.test/imagemap/abcdefghij0123456789/1040');
    expect(img?.getAttribute('alt')).toBe('Spring offers');
    expect((img as HTMLElement).style.aspectRatio).toBe('1040 / 780');
    expect(container.querySelector('.imagemap-alt')?.textContent).toBe('Spring offers');
    const areas = [...container.querySelectorAll('.imagemap-areas li')].map((li) => li.textContent);
    expect(areas).toEqual(['Area 1: https://chat.example.test/go?l=abc123', 'Area 2: “Tell me more”']);
  });

  it('show a placeholder when the picture fails, or when its address is not a web address', () => {
    render(imagemap);
    const img = container.querySelector('[data-testid="imagemap-item"] img') as HTMLImageElement;
    act(() => {
      img.dispatchEvent(new Event('error'));
    });
    expect(container.querySelector('[data-testid="imagemap-item"] img')).toBeNull();
    expect(container.querySelector('[data-testid="imagemap-placeholder"]')?.getAttribute('aria-label')).toBe(
      'Spring offers',
    );
    container.remove();
    render({ ...imagemap, baseUrl: 'javascript:alert(1)' });
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-testid="imagemap-placeholder"]')).not.toBeNull();
  });

  it('an unknown item type still says it cannot be shown', () => {
    render({ type: 'hologram' });
    expect(container.textContent).toBe('This message cannot be shown.');
  });
});
