import { describe, expect, it } from 'vitest';
import { fileIdOf } from '../../components/index.ts';
import { fileNameOf } from '../../platform/request.ts';
import type { EnterpriseParamView } from './api.ts';
import { initialValuesOf, toProfileBody } from './EnterpriseForm.tsx';
import { toListQuery } from './GovEntList.tsx';
import { gbOptions, gbTitle, withCurrent } from './industries.ts';
import {
  emailProblem,
  employeesProblem,
  gbIndustryProblem,
  lengthProblem,
  mobileProblem,
  phoneProblem,
  usccProblem,
  wsIndustryProblem,
} from './rules.ts';
import { paramValueText, previewScore } from './score.ts';

// A code with a valid check digit (usccCheckChar); the tests change single characters of it.
const GOOD_USCC = '91321302MA7E2ETE28';

describe('enterprise field rules', () => {
  it('USCC: length, characters and the GB 32100 check digit, each with its own message', () => {
    expect(usccProblem(GOOD_USCC)).toBeNull();
    expect(usccProblem(GOOD_USCC.toLowerCase())).toBeNull();
    expect(usccProblem('')).toBe('请输入统一社会信用代码');
    expect(usccProblem('91321302MA7E2ETE2')).toBe('统一社会信用代码应为18位，当前为17位');
    expect(usccProblem('91321302MA7E2ETEI8')).toContain('不使用I、O、Z、S、V');
    expect(usccProblem('91321302MA7E2ETE29')).toBe('统一社会信用代码校验位不正确，请核对18位代码');
  });

  it('mobiles: required or optional, +86 accepted, wrong numbers named by field', () => {
    expect(mobileProblem('13905271234', '法定代表人手机号', true)).toBeNull();
    expect(mobileProblem('+8613905271234', '法定代表人手机号', true)).toBeNull();
    expect(mobileProblem('', '法定代表人手机号', true)).toBe('请输入法定代表人手机号');
    expect(mobileProblem('', '法定代表人手机号', false)).toBeNull();
    expect(mobileProblem('1380527', '安全负责人手机号', false)).toBe(
      '安全负责人手机号格式不正确，请输入11位手机号',
    );
    expect(mobileProblem('12905271234', '安全负责人手机号', true)).not.toBeNull();
  });

  it('phones, e-mail, names, headcount and industry codes', () => {
    expect(phoneProblem('0527-84361234')).toBeNull();
    expect(phoneProblem('13905271234')).toBeNull();
    expect(phoneProblem('84361234')).toContain('电话格式不正确');
    expect(emailProblem('a@b.cn')).toBeNull();
    expect(emailProblem('a@b')).toBe('邮箱格式不正确');
    expect(lengthProblem('张', '法定代表人姓名', 2, 20)).toBe('法定代表人姓名至少2个字');
    expect(lengthProblem('宿迁', '企业名称', 4, 100)).toBe('企业名称至少4个字');
    expect(lengthProblem('', '许可证编号', 4, 30, false)).toBeNull();
    expect(employeesProblem(undefined)).toBe('请输入从业人员总数');
    expect(employeesProblem(0)).toBe('从业人员总数须为1至999,999,999之间的整数');
    expect(employeesProblem(-5)).toBe('从业人员总数须为1至999,999,999之间的整数');
    expect(employeesProblem(1.5)).toBe('从业人员总数须为1至999,999,999之间的整数');
    expect(employeesProblem(86)).toBeNull();
    expect(wsIndustryProblem('AQ0201')).toBeNull();
    expect(wsIndustryProblem('AQ99')).not.toBeNull();
    expect(wsIndustryProblem(undefined)).toContain('请选择');
    expect(gbIndustryProblem('E47')).toBeNull();
    expect(gbIndustryProblem('47')).not.toBeNull();
  });
});

describe('profile body', () => {
  it('sends what the server takes: trimmed, upper-case USCC, +86 stripped, file ids, empty optionals left out', () => {
    const body = toProfileBody({
      ...initialValuesOf(undefined),
      name: ' 宿城区测试化工有限公司 ',
      uscc: GOOD_USCC.toLowerCase(),
      address: { districtCode: '321302', districtName: '宿城区', detail: ' 测试路1号 ' },
      wsIndustryCode: 'AQ0201',
      gbIndustryCode: 'C26',
      employees: 30,
      legalName: '张三',
      legalMobile: '+86 13905271234'.replace(' ', ''),
      safetyName: '李四',
      safetyMobile: '',
      legalEmail: '  ',
      businessLicence: [
        { fileName: 'a.png', fileUrl: '/api/file/1B4E28BA-2FA1-11D2-883F-0016D3CCA427', fileSize: 1 },
      ],
    });
    expect(body).toEqual({
      name: '宿城区测试化工有限公司',
      uscc: GOOD_USCC,
      districtCode: '321302',
      address: '测试路1号',
      wsIndustryCode: 'AQ0201',
      gbIndustryCode: 'C26',
      employees: 30,
      operatingStatus: 1,
      businessScope: '',
      legalName: '张三',
      legalMobile: '13905271234',
      safetyName: '李四',
      stdGrade: 0,
      businessLicenceFileId: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
    });
  });

  it('file ids and download names', () => {
    expect(fileIdOf('/api/file/x')).toBeUndefined();
    // Export names come from the platform's fileNameOf (downloadFile falls back to the given name).
    expect(fileNameOf("attachment; filename*=UTF-8''%E4%BC%81%E4%B8%9A.xlsx")).toBe('企业.xlsx');
    expect(fileNameOf(null)).toBeUndefined();
  });
});

describe('list filters', () => {
  it('enterprise list: booleans and numbers as the server reads them, blanks dropped', () => {
    expect(
      toListQuery({
        pageNo: 2,
        pageSize: 20,
        keyword: ' 化工 ',
        districtCode: '',
        mustInsure: 'true',
        insured: 'false',
        riskLevel: '1',
        scoreGrade: '4',
        blacklist: undefined,
      }),
    ).toEqual({
      pageNo: 2,
      pageSize: 20,
      keyword: '化工',
      mustInsure: true,
      insured: false,
      riskLevel: 1,
      scoreGrade: 4,
    });
  });
});

describe('industries and score', () => {
  it('GB divisions get their section letter; an unlisted stored code stays selectable', () => {
    const node = (code: string, name: string, children: never[] = []) => ({
      id: 1,
      pid: null,
      code,
      name,
      level: 1,
      isHighRisk: false,
      mustInsure: false,
      sort: 0,
      status: 1,
      remark: '',
      isSystem: true,
      version: 1,
      children,
    });
    const opts = gbOptions([{ ...node('E', '建筑业'), children: [node('47', '房屋建筑业')] as never[] }]);
    expect(opts[0]?.children?.[0]).toEqual({ value: 'E47', title: 'E47 房屋建筑业' });
    expect(withCurrent(opts, 'E47')).toBe(opts);
    expect(gbTitle(opts, 'E4710')).toBe('E47 房屋建筑业（E4710）');
    expect(gbTitle(opts, 'C26')).toBe('C26');
    expect(withCurrent(opts, 'C2614')[0]).toEqual({ value: 'C2614', title: 'C2614（当前值）' });
  });

  it('previews the score of a changed parameter the way the server computes it', () => {
    const p = (
      key: EnterpriseParamView['key'],
      value: number,
      system: boolean,
      systemValue: number | null,
    ): EnterpriseParamView => ({
      key,
      label: key,
      kind: 'count',
      system,
      source: system ? 1 : 2,
      value,
      systemValue,
      remark: '',
      updatedAt: null,
    });
    const params = [
      p('accidentCount', 0, true, 0),
      p('maxAccidentLevel', 0, true, 0),
      p('stdGrade', 1, true, 1),
      p('licenceValid', 1, true, 1),
      p('insured', 1, true, 1),
      p('majorHazards', 0, false, null),
      p('blacklist', 0, false, null),
      p('honour', 0, false, null),
    ];
    expect(previewScore(params, 'majorHazards', 2, 0)).toEqual({ score: 100, scoreGrade: 1 });
    expect(previewScore(params, 'majorHazards', 2, 2)).toEqual({ score: 84, scoreGrade: 2 });
    expect(previewScore(params, 'blacklist', 2, 1)).toEqual({ score: 70, scoreGrade: 2 });
    // Back to the system's judgement uses the system value, not the typed one.
    expect(previewScore(params, 'stdGrade', 1, 0).score).toBe(100);
    expect(paramValueText('level', 3)).toBe('较大事故');
    expect(paramValueText('bool', 0)).toBe('否');
    expect(paramValueText('honour', 2)).toBe('省级');
  });
});
