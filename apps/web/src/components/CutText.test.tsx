import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CutText } from './CutText.tsx';

describe('CutText', () => {
  it('keeps the text on one line within the width, with the whole text on hover', () => {
    render(<CutText text="中国人民财产保险股份有限公司宿迁市分公司" width={96} />);
    const el = screen.getByText('中国人民财产保险股份有限公司宿迁市分公司');
    expect(el.getAttribute('title')).toBe('中国人民财产保险股份有限公司宿迁市分公司');
    expect(el.style.maxWidth).toBe('96px');
    expect(el.className).toContain('ellipsis');
  });

  it('a secondary line is smaller and grey', () => {
    render(<CutText text="宿城区" width={100} secondary />);
    const el = screen.getByText('宿城区');
    expect(el.style.fontSize).toBe('12px');
    expect(el.className).toContain('secondary');
  });
});
