import { render } from '@testing-library/react';
import { EmptyState, type EmptyKind } from './empty-state';

const KINDS: EmptyKind[] = ['templates', 'videos', 'signed-out', 'records', 'offline', 'missing'];

describe('empty states', () => {
  it('each meaning has a picture of its own, drawn inline, not the kit’s one magnifying glass', () => {
    const drawings = KINDS.map((kind) => {
      const { container, unmount } = render(<EmptyState kind={kind} title="空" />);
      const svg = container.querySelector('.app-empty > svg')!;
      expect(svg.getAttribute('data-kind')).toBe(kind);
      // Decoration: the title says what is empty.
      expect(svg.getAttribute('aria-hidden')).toBe('true');
      const markup = svg.innerHTML;
      unmount();
      return markup;
    });
    expect(new Set(drawings).size).toBe(KINDS.length);
  });

  it('in the product’s colours: its blue and its pale blue', () => {
    for (const kind of KINDS) {
      const { container, unmount } = render(<EmptyState kind={kind} title="空" />);
      const colours = new Set([...container.querySelectorAll('svg *')].flatMap((el) => [el.getAttribute('fill'), el.getAttribute('stroke')]));
      expect(colours.has('#0067ED')).toBe(true);
      expect(colours.has('#E8F0F8') || colours.has('#B5CEF0')).toBe(true);
      unmount();
    }
  });

  it('shows the title, the description and the action under them', () => {
    const { getByText, getByRole } = render(
      <EmptyState kind="videos" title="还没有作品" description="写一段文案">
        <button type="button">创作第一个视频</button>
      </EmptyState>,
    );
    expect(getByText('还没有作品')).toBeTruthy();
    expect(getByText('写一段文案')).toBeTruthy();
    expect(getByRole('button', { name: '创作第一个视频' })).toBeTruthy();
  });
});
