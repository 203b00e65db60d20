import { Typography } from 'antd';

export interface CutTextProps {
  text: string;
  /** Most the text may take, in px (the cell's width less its padding). */
  width: number;
  /** A second line under a cell's main value: grey and 12 px. */
  secondary?: boolean;
}

/**
 * One line of text cut to `width` px with … and the whole text on hover (spec 5): long names in list cells
 * keep the table's columns in view instead of wrapping or clipping.
 */
export function CutText({ text, width, secondary = false }: CutTextProps) {
  return (
    <Typography.Text
      ellipsis
      title={text}
      type={secondary ? 'secondary' : undefined}
      style={{ display: 'block', maxWidth: width, ...(secondary ? { fontSize: 12 } : {}) }}
    >
      {text}
    </Typography.Text>
  );
}
