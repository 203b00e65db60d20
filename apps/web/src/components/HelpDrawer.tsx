import { Button, Drawer, Empty, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { errorMessage } from './fetch-request.ts';

/** Spec 9: help drawer width. */
export const HELP_DRAWER_WIDTH = 200;

export interface HelpDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Which page's help to show; passed to `load`. */
  helpKey?: string;
  /** Help given directly; shown instead of loading. */
  content?: ReactNode;
  /**
   * Fetches the help text for a key. Plain text: it is shown as text (never as HTML), with blank lines
   * starting new paragraphs and single line breaks kept.
   */
  load?: (helpKey: string) => Promise<string | null | undefined>;
  width?: number;
}

type LoadState =
  | { status: 'idle' }
  | { status: 'loading'; key: string; attempt: number }
  | { status: 'done'; key: string; text: string }
  | { status: 'error'; key: string; message: string };

function HelpText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((p, i) => (
        // Paragraph order is the identity here; the text has no other stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: static paragraphs of one text
        <Typography.Paragraph key={i} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {p}
        </Typography.Paragraph>
      ))}
    </>
  );
}

/**
 * Right-side help drawer of the back office (spec 1, 2.8): 200 px wide, titled 帮助. Shows `content`
 * when given, otherwise loads the text for `helpKey` when opened (and keeps it for the next opening).
 */
export function HelpDrawer({
  open,
  onClose,
  helpKey,
  content,
  load,
  width = HELP_DRAWER_WIDTH,
}: HelpDrawerProps) {
  const [state, setState] = useState<LoadState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const cache = useRef(new Map<string, string>());
  const loadRef = useRef(load);
  loadRef.current = load;
  const loadsHelp = content === undefined && Boolean(load) && Boolean(helpKey);

  useEffect(() => {
    const fetchHelp = loadRef.current;
    if (!open || !loadsHelp || !helpKey || !fetchHelp) return;
    const hit = cache.current.get(helpKey);
    if (hit !== undefined) {
      setState({ status: 'done', key: helpKey, text: hit });
      return;
    }
    let live = true;
    setState({ status: 'loading', key: helpKey, attempt });
    fetchHelp(helpKey).then(
      (text) => {
        if (!live) return;
        cache.current.set(helpKey, text ?? '');
        setState({ status: 'done', key: helpKey, text: text ?? '' });
      },
      (error: unknown) => {
        if (live) setState({ status: 'error', key: helpKey, message: errorMessage(error, '请稍后重试') });
      },
    );
    return () => {
      live = false;
    };
  }, [open, loadsHelp, helpKey, attempt]);

  let body: ReactNode;
  if (content !== undefined) {
    body = typeof content === 'string' ? <HelpText text={content} /> : content;
  } else if (!loadsHelp) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无帮助内容" />;
  } else if (state.status === 'error' && state.key === helpKey) {
    body = (
      <div role="alert">
        <Typography.Paragraph type="danger">帮助内容加载失败：{state.message}</Typography.Paragraph>
        <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
          重试
        </Button>
      </div>
    );
  } else if (state.status === 'done' && state.key === helpKey) {
    body = state.text.trim() ? (
      <HelpText text={state.text} />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无帮助内容" />
    );
  } else {
    body = (
      <div style={{ textAlign: 'center', paddingTop: 24 }}>
        <Spin tip="加载中…">
          <div style={{ height: 40 }} />
        </Spin>
      </div>
    );
  }

  return (
    <Drawer title="帮助" placement="right" width={width} open={open} onClose={onClose}>
      {body}
    </Drawer>
  );
}
