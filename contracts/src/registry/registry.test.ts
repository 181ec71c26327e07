import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApi } from '../openapi/build';
import { CALL_NAMES, callByRoute, registry } from './index';

/** The calls the foundation issue lists (method and path), each of which must be in the registry. */
const REQUIRED = `GET /api/live_room/last_join_room/ · GET /api/sys/ts/ · GET /api/sys/backup_domains/ ·
GET /api/sys/upload_token/ · POST /api/sys/add_event/ · POST /api/user/upload_image/ ·
GET /api/sys/h5_info/ · GET /api/gm/hii · POST /api/sys/config/ · POST /api/sys/batch_request/ ·
POST /api/third_party_pay/get_recharge_list_v3/ · GET /api/user/check_uid/ · POST /api/user/check_uid/ ·
GET /api/web/check_display_id/ · POST /api/web/check_user_status/ · GET /api/web/get_card_source/ ·
GET /api/web/get_card_info_by_order/ · GET /api/web/update_card_source/ · GET /api/web/delete_card_source/ ·
GET /api/order/create_coin_pay/ · POST /api/order/click_cancel/ · GET /api/web/pay_result_by_order_fast/ ·
POST /api/web/get_order_info_by_pay2_order_id/ · GET /api/web/get_pay_error_by_order/ ·
GET /api/web/recharge_fill_record/ · GET /api/web/upload_recharge_fill_record/ ·
GET /api/order/check_domain_payable · GET /api/order/adyen_apple_pay_session_data/ ·
POST /api/order/adyen_verify_pay/ · GET /api/order/submit_authentication_result/ ·
GET /api/order/submit_payment_token/ · POST /api/user_mode/get_login_key/ · GET /api/user/account_login/ ·
GET /api/coin/get_pay_user_info/ · GET /api/web/ticket_login/ · POST /api/user/facebook_login/ ·
POST /api/user/google_login/ · GET /api/order/create_fine_pay/ · GET /api/payer_max/create_fine_pay/ ·
GET /api/fine/get_fine_info/ · GET /api/web/page_view_id_result/ · GET /api/order/tmp_report/ ·
GET /api/feedback/submit/ · GET /api/timeline/position/ · POST /third/sensor_monitor/report_data/`
  .split('·')
  .map((s) => s.trim().split(/\s+/) as [string, string]);

describe('the registry', () => {
  it.each(REQUIRED)('holds %s %s', (method, path) => {
    expect(callByRoute(method, path)).toBeDefined();
  });

  it('has one call per method and path', () => {
    const routes = CALL_NAMES.map((n) => `${registry[n].method} ${registry[n].path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("marks the calls SPEC.md leaves open as the project's choice", () => {
    for (const name of ['checkSession', 'payPageEvent', 'roomStatus'] as const) {
      expect(registry[name].projectChoice).toBeTruthy();
    }
  });

  it('matches a path with or without its trailing slash and ignores the query', () => {
    expect(callByRoute('GET', '/api/sys/ts')).toBe('serverTime');
    expect(callByRoute('GET', '/api/order/check_domain_payable/?a=1')).toBe('checkDomainPayable');
    expect(callByRoute('POST', '/api/sys/ts/')).toBeUndefined();
  });

  it('every request schema can describe its wire form', () => {
    for (const name of CALL_NAMES) {
      expect(
        () => z.toJSONSchema(registry[name].request, { io: 'input', unrepresentable: 'any' }),
        name,
      ).not.toThrow();
    }
  });

  it('decodes a query of strings into app values and encodes them back', () => {
    const wire = {
      recharge_id: 'rc_099',
      uid: '1001',
      pay_type: '23',
      source: '1',
      ext: '{"h5_deviceid":"d1"}',
    };
    const request = registry.createCoinPay.request.parse(wire);
    expect(request).toMatchObject({
      uid: 1001,
      pay_type: 23,
      source: 1,
      kind: 'normal',
      ext: { h5_deviceid: 'd1' },
    });
    expect(z.encode(registry.createCoinPay.request, request)).toMatchObject(wire);
  });

  it.each([
    ['createCoinPay', { recharge_id: 'rc', uid: '1001', pay_type: '99', source: '1', ext: '{}' }, 'pay_type'],
    ['checkDisplayId', { display_id: '1'.repeat(33), source: '1' }, 'display_id'],
    ['checkDisplayId', { display_id: '10000001', source: '7' }, 'source'],
    ['rechargeFillRecord', { session_key: 's', h5_deviceid: 'd', limit: '101' }, 'limit'],
  ] as const)('%s refuses a bad %j naming the field', (name, wire, field) => {
    const out = registry[name].request.safeParse(wire);
    expect(out.success).toBe(false);
    expect(out.error?.issues.map((i) => i.path[0])).toContain(field);
  });
});

describe('the OpenAPI document', () => {
  const doc = buildOpenApi();

  it('declares the session as a security scheme, and who owns an order on every call that names one', () => {
    const schemes = (doc.components as { securitySchemes: Record<string, { in: string; name: string }> })
      .securitySchemes;
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-session-key' });
    const paths = doc.paths as Record<string, Record<string, { security?: unknown; description?: string }>>;
    for (const path of [
      '/api/order/click_cancel/',
      '/api/web/get_order_info_by_pay2_order_id/',
      '/api/web/get_pay_error_by_order/',
      '/api/web/pay_result_by_order_fast/',
    ]) {
      const operation = Object.values(paths[path] ?? {})[0];
      expect(operation?.security, path).toEqual([{ session: [] }, { client: [] }, {}]);
      expect(operation?.description, path).toContain("an order is its payer's");
    }
    const create = Object.values(paths['/api/order/create_coin_pay/'] ?? {})[0];
    expect(create?.description).toContain('X-CLI-RID is scoped to its caller');
    expect(create?.description).toContain('card-testing defences');
    expect(JSON.stringify(create)).toContain(String(23005));
    expect(JSON.stringify(create)).toContain(String(23006));
  });

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it.each(REQUIRED)('documents %s %s', (method, path) => {
    const paths = doc.paths as Record<string, Record<string, unknown>>;
    expect(paths[path]?.[method.toLowerCase()]).toBeDefined();
  });
});
