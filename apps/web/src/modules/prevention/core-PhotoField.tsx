import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { App, Button, Image, Progress, Upload } from 'antd';
import { useMemo, useRef, useState } from 'react';
import {
  AuthImage,
  checkImage,
  createXhrUploader,
  errorMessage,
  fileIdOf,
  useRequestContext,
} from '../../components/index.ts';

/** A photo of a record or a hazard as the form keeps it (the id is what the server stores). */
export interface PhotoItem {
  fileId: string;
  /** Where it can be read with the token: /api/file/<id> after an upload, /api/prevention/file?… later. */
  url: string;
  name: string;
}

export interface PhotoFieldProps {
  value?: PhotoItem[];
  onChange?: (value: PhotoItem[]) => void;
  /** Most photos (domain 2.10: 10 per hazard, 6 per check). */
  max: number;
  disabled?: boolean;
  id?: string;
  /** Names the field in the messages and the test ids. */
  label?: string;
}

/**
 * Photos taken on site: on a phone the button opens the back camera straight away
 * (`accept="image/*" capture="environment"`), elsewhere the file dialog. Each photo is sent through the
 * app's uploader (/api/file/uploadFile with the token, RequestContext) and kept as its file id; large
 * thumbnails and buttons for a finger at 375 px.
 */
export function PhotoField({
  value = [],
  onChange,
  max,
  disabled = false,
  id,
  label = '照片',
}: PhotoFieldProps) {
  const { message } = App.useApp();
  const ctx = useRequestContext();
  const upload = useMemo(() => ctx.upload ?? createXhrUploader({ getToken: ctx.getToken }), [ctx]);
  const [sending, setSending] = useState<Array<{ uid: string; percent: number }>>([]);
  const latest = useRef(value);
  latest.current = value;
  const full = value.length + sending.length >= max;

  return (
    <div data-testid={`photos-${label}`}>
      <Image.PreviewGroup>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {value.map((p) => (
            <div key={p.fileId} style={{ position: 'relative', width: 88, height: 88 }}>
              <AuthImage
                src={p.url}
                alt={p.name || label}
                width={88}
                height={88}
                style={{ objectFit: 'cover', borderRadius: 6 }}
              />
              {disabled ? null : (
                <Button
                  size="small"
                  danger
                  shape="circle"
                  aria-label={`删除${label}`}
                  icon={<DeleteOutlined />}
                  style={{ position: 'absolute', top: 2, right: 2 }}
                  onClick={() => onChange?.(latest.current.filter((x) => x.fileId !== p.fileId))}
                />
              )}
            </div>
          ))}
          {sending.map((s) => (
            <div key={s.uid} style={{ width: 88, height: 88, display: 'grid', placeItems: 'center' }}>
              <Progress type="circle" size={56} percent={s.percent} />
            </div>
          ))}
        </div>
      </Image.PreviewGroup>
      {disabled ? null : (
        <Upload
          id={id}
          accept="image/*"
          capture="environment"
          multiple={max > 1}
          showUploadList={false}
          disabled={full}
          beforeUpload={(file, batch) => {
            const problem = checkImage(file);
            if (problem) {
              message.error(problem);
              return Upload.LIST_IGNORE;
            }
            const room = max - latest.current.length - sending.length;
            if (batch.indexOf(file) >= room) {
              if (batch.indexOf(file) === room) message.error(`${label}最多${max}张`);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            const f = file as File & { uid: string };
            setSending((s) => [...s, { uid: f.uid, percent: 0 }]);
            const done = () => setSending((s) => s.filter((x) => x.uid !== f.uid));
            upload(f, {
              onProgress: (percent) =>
                setSending((s) => s.map((x) => (x.uid === f.uid ? { ...x, percent } : x))),
            })
              .then((item) => {
                const fileId = fileIdOf(item.fileUrl);
                if (!fileId) throw new Error('服务器没有返回文件编号');
                done();
                latest.current = [
                  ...latest.current,
                  { fileId, url: item.fileUrl, name: item.fileName || f.name },
                ];
                onChange?.(latest.current);
                onSuccess?.(item);
              })
              .catch((e: unknown) => {
                done();
                message.error(`${f.name}上传失败：${errorMessage(e, '请稍后重试')}`);
                onError?.(e instanceof Error ? e : new Error(String(e)));
              });
          }}
        >
          <Button
            icon={<CameraOutlined />}
            disabled={full}
            style={{ marginTop: 8, minHeight: 44 }}
            data-testid={`photo-add-${label}`}
          >
            拍照/上传{label}（{value.length}/{max}）
          </Button>
        </Upload>
      )}
    </div>
  );
}
