import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { isFunctionalZone, listDistricts, regionName } from './region.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ API_RATE_MAX: '100000' });
});
afterAll(() => t.close());

const post = (url: string) => t.call({ method: 'POST', url });

describe('POST /api/manage/patient/getProvince.json', () => {
  it('lists every province with a 6-digit code, without a token', async () => {
    const res = await post('/api/manage/patient/getProvince.json');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ error: 0, apiError: 0 });
    const list: { code: string; name: string }[] = body.data.dictList;
    expect(list.length).toBeGreaterThanOrEqual(31);
    for (const p of list) expect(p.code).toMatch(/^\d{2}0000$/);
    expect(list).toContainEqual({ code: '320000', name: '江苏省' });
    expect(list).toContainEqual({ code: '110000', name: '北京市' });
    expect(new Set(list.map((p) => p.code)).size).toBe(list.length);
  });
});

describe('POST /api/manage/patient/getChildren.json', () => {
  it('lists the cities of Jiangsu, including 321300 宿迁市', async () => {
    const res = await post('/api/manage/patient/getChildren.json?provinceCode=320000');
    expect(res.statusCode).toBe(200);
    const list: { code: string; name: string }[] = res.json().data.cityList;
    expect(list).toContainEqual({ code: '321300', name: '宿迁市' });
    expect(list).toContainEqual({ code: '320100', name: '南京市' });
    expect(list).toHaveLength(13);
    for (const c of list) expect(c.code).toMatch(/^32\d{2}00$/);
  });

  it('gives a municipality its 市辖区 city level, as GB/T 2260 does', async () => {
    const bj = (await post('/api/manage/patient/getChildren.json?provinceCode=110000')).json().data.cityList;
    expect(bj).toEqual([{ code: '110100', name: '市辖区' }]);
    const bjDistricts = (await post('/api/manage/patient/getDistrictChildren.json?cityCode=110100')).json()
      .data.districtList;
    expect(bjDistricts).toContainEqual({ code: '110101', name: '东城区' });
    expect(bjDistricts.length).toBe(16);
  });

  it('answers an unknown province with an empty list', async () => {
    const res = await post('/api/manage/patient/getChildren.json?provinceCode=990000');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.cityList).toEqual([]);
  });

  it('rejects a code that is not 6 digits, naming the field', async () => {
    for (const q of ['provinceCode=32', 'provinceCode=32000a', 'provinceCode=3200000', '']) {
      const res = await post(`/api/manage/patient/getChildren.json?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().result, q).toContain('provinceCode');
    }
  });
});

describe('POST /api/manage/patient/getDistrictChildren.json', () => {
  it('lists exactly the five districts of 321300 宿迁市', async () => {
    const res = await post('/api/manage/patient/getDistrictChildren.json?cityCode=321300');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.districtList).toEqual([
      { code: '321302', name: '宿城区' },
      { code: '321311', name: '宿豫区' },
      { code: '321322', name: '沭阳县' },
      { code: '321323', name: '泗阳县' },
      { code: '321324', name: '泗洪县' },
    ]);
  });

  it('answers an unknown city with an empty list and a bad code with 400', async () => {
    const unknown = await post('/api/manage/patient/getDistrictChildren.json?cityCode=329900');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data.districtList).toEqual([]);
    const bad = await post('/api/manage/patient/getDistrictChildren.json?cityCode=3213');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('cityCode');
  });

  it('keeps cities without districts selectable (东莞 441900 lists itself)', async () => {
    const res = await post('/api/manage/patient/getDistrictChildren.json?cityCode=441900');
    expect(res.json().data.districtList).toEqual([{ code: '441900', name: '东莞市' }]);
  });
});

describe('regionName and the national lists', () => {
  it('names provinces, cities and districts by 6-digit (or package 2/4-digit) code', async () => {
    const name = (code: string | null) => regionName(t.app.db, code);
    expect(await name('320000')).toBe('江苏省');
    expect(await name('321300')).toBe('宿迁市');
    expect(await name('3213')).toBe('宿迁市');
    expect(await name('321311')).toBe('宿豫区');
    expect(await name('321371')).toBe('宿迁经济技术开发区');
    expect(await name('999999')).toBeUndefined();
    expect(await name('abc')).toBeUndefined();
    expect(await name(null)).toBeUndefined();
  });

  it('leaves the NBS functional zones out of the district lists', async () => {
    expect(isFunctionalZone('321371')).toBe(true);
    expect(isFunctionalZone('321324')).toBe(false);
    expect((await listDistricts(t.app.db, '321300')).some((d) => isFunctionalZone(d.code))).toBe(false);
  });

  it('reads the lists from the sys_region table', async () => {
    const rows = await t.app.db
      .selectFrom('sysRegion')
      .select(['code', 'name', 'parentCode'])
      .where('parentCode', '=', '321300')
      .orderBy('code')
      .execute();
    expect(rows.map((r) => r.code)).toEqual(
      expect.arrayContaining(['321302', '321311', '321322', '321323', '321324']),
    );
    // A district renamed in the table (by a migration) is what the API answers.
    const db = t.app.db;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('sysRegion').set({ name: '测试改名区' }).where('code', '=', '321302').execute();
      const fresh = await listDistricts(trx, '321300');
      expect(fresh.find((d) => d.code === '321302')?.name).toBe('测试改名区');
      await trx.updateTable('sysRegion').set({ name: '宿城区' }).where('code', '=', '321302').execute();
    });
  });

  it('has sane national counts', async () => {
    const provinces: { code: string }[] = (await post('/api/manage/patient/getProvince.json')).json().data
      .dictList;
    let cities = 0;
    let districts = 0;
    for (const p of provinces) {
      const cl: { code: string }[] = (
        await post(`/api/manage/patient/getChildren.json?provinceCode=${p.code}`)
      ).json().data.cityList;
      expect(cl.length, p.code).toBeGreaterThan(0);
      cities += cl.length;
      for (const c of cl) districts += (await listDistricts(t.app.db, c.code)).length;
    }
    expect(cities).toBeGreaterThan(330);
    expect(districts).toBeGreaterThan(2800);
  });
});
