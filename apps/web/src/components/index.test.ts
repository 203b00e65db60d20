import { describe, expect, it } from 'vitest';
import * as components from './index.ts';

describe('components index', () => {
  it('exports every shared widget and helper the app uses', () => {
    expect(Object.keys(components)).toEqual(
      expect.arrayContaining([
        'SlidePuzzle',
        'AddressPicker',
        'addressRules',
        'ImageUpload',
        'PagedTable',
        'PieChart',
        'BarChart',
        'LineChart',
        'HelpDrawer',
        'RequestContext',
        'checkImage',
        'checkAudio',
        'checkVideo',
        'checkEbook',
        'textWidth',
        'ellipsis',
        'truncate20',
        'thousands',
      ]),
    );
    expect(components.CHART_COLORS).toHaveLength(10);
  });
});
