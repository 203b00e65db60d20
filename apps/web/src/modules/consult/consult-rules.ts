import type { Rule } from 'antd/es/form';

/** The server's limits and messages (contracts consultAskBody / consultAnswerBody). */
export const TITLE_MIN = 2;
export const TITLE_MAX = 100;
export const CONTENT_MIN = 5;
export const CONTENT_MAX = 2000;
export const ANSWER_MIN = 2;
export const ANSWER_MAX = 5000;

/** Required + trimmed length check with the server's own wording. */
function lengthRules(required: string, min: number, max: number, tooShort: string, tooLong: string): Rule[] {
  return [
    {
      validator: async (_r, value: unknown) => {
        const s = typeof value === 'string' ? value.trim() : '';
        if (s.length === 0) throw new Error(required);
        if (s.length < min) throw new Error(tooShort);
        if (s.length > max) throw new Error(tooLong);
      },
    },
  ];
}

export const classRules: Rule[] = [{ required: true, message: '请选择咨询分类' }];
export const titleRules = lengthRules(
  '请输入咨询标题',
  TITLE_MIN,
  TITLE_MAX,
  `咨询标题至少${TITLE_MIN}个字`,
  `咨询标题不能超过${TITLE_MAX}个字`,
);
export const contentRules = lengthRules(
  '请输入咨询内容',
  CONTENT_MIN,
  CONTENT_MAX,
  `咨询内容至少${CONTENT_MIN}个字`,
  `咨询内容不能超过${CONTENT_MAX}个字`,
);
export const answerRules = lengthRules(
  '请输入答复内容',
  ANSWER_MIN,
  ANSWER_MAX,
  `答复内容至少${ANSWER_MIN}个字`,
  `答复内容不能超过${ANSWER_MAX}个字`,
);
