import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  PEOPLE_MESSAGES,
  type CreatedEmployee,
  type Employee,
  type EmployeePage,
} from '@bazaar/shared';
import { employeeProfiles, users } from '../../../src/db/schema/index.js';
import { loginRequest, sessionCookieOf } from '../../support/accounts.js';
import {
  auditCount,
  auditRowsOf,
  createPeopleContext,
  employeeInput,
  errorOf,
  mailsTo,
  multipart,
  type PeopleContext,
} from '../customers/people-test-support.js';

/*
 * docs/back-office-people.md: creating employees with a checked id proof and a
 * generated password, the list with search, disabling; audit rows for each change.
 */

let people: PeopleContext;
let png: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

beforeAll(async () => {
  people = await createPeopleContext();
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await people.ctx.close();
});

function postEmployee(
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer } | null = {
    name: 'aadhaar.png',
    type: 'image/png',
    bytes: png,
  },
  caller: 'admin' | 'employee' | 'customer' | 'seller' | 'delivery' = 'admin',
) {
  return people.call(caller, {
    method: 'POST',
    url: '/api/employees',
    ...multipart(fields, file ?? undefined),
  });
}

async function storedIdProof(userId: string): Promise<string> {
  const [profile] = await people.ctx.database.db
    .select({ path: employeeProfiles.idProofPath })
    .from(employeeProfiles)
    .where(eq(employeeProfiles.userId, userId));
  return profile!.path!;
}

describe('creating an employee', () => {
  it('creates the account and profile, stores the image id proof as WebP, mails a password that logs in, and audits it', async () => {
    const fields = employeeInput({ employeeRole: 'Sales Man' });
    const response = await postEmployee(fields);
    expect(response.statusCode, response.body).toBe(201);
    const { employee, generatedPassword } = response.json<CreatedEmployee>();
    expect(employee).toMatchObject({
      name: fields.name,
      email: fields.email,
      mobile: fields.mobile,
      altMobile: fields.altMobile,
      houseMobile: null,
      aadhaarLastFour: fields.aadhaarNumber!.slice(-4),
      employeeRole: 'Sales Man',
      locality: 'Rajendra Nagar',
      landmark: 'Road No. 5',
      city: 'Patna',
      pincode: '800016',
      hasIdProof: true,
      disabledAt: null,
    });
    expect(generatedPassword).toHaveLength(8);
    expect(response.body).not.toContain(fields.aadhaarNumber!.slice(0, 8));

    const [account] = await people.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, employee.id));
    expect(account).toMatchObject({ role: 'employee', emailVerified: true, jobTitle: 'Sales Man' });

    const key = await storedIdProof(employee.id);
    expect(key).toMatch(/^employees\/id-proofs\/.+\.webp$/);
    const stored = fs.readFileSync(path.join(people.ctx.privateStorage.root, key));
    expect(stored.subarray(8, 12).toString('latin1')).toBe('WEBP');

    const login = await loginRequest(people.ctx.app, {
      area: 'employee',
      identifier: fields.email!,
      password: generatedPassword,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((await mailsTo(people.ctx, fields.email!))[0]!.textBody).toContain(generatedPassword);

    const audit = await auditRowsOf(people.ctx, 'employee', employee.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actorRole: 'admin', before: null });
    // The trail keeps only the last four digits of the Aadhaar number.
    expect(audit[0]!.after).toMatchObject({
      aadhaarNumber: `XXXX XXXX ${fields.aadhaarNumber!.slice(-4)}`,
    });
  });

  it('keeps a PDF id proof as it is', async () => {
    const response = await postEmployee(employeeInput(), {
      name: 'proof.pdf',
      type: 'application/pdf',
      bytes: pdf,
    });
    expect(response.statusCode, response.body).toBe(201);
    const key = await storedIdProof(response.json<CreatedEmployee>().employee.id);
    expect(key).toMatch(/\.pdf$/);
    expect(fs.readFileSync(path.join(people.ctx.privateStorage.root, key)).equals(pdf)).toBe(true);
  });

  it('keeps id proofs out of /media/: only the admin downloads them, as an attachment', async () => {
    const response = await postEmployee(employeeInput({ name: 'Ravi Kumar' }), {
      name: 'proof.pdf',
      type: 'application/pdf',
      bytes: pdf,
    });
    const { employee } = response.json<CreatedEmployee>();
    const key = await storedIdProof(employee.id);
    expect(fs.existsSync(path.join(people.ctx.storage.root, key))).toBe(false);
    const media = await people.ctx.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(media.statusCode).toBe(404);

    const url = `/api/employees/${employee.id}/id-proof`;
    const download = await people.call('admin', { method: 'GET', url });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="id-proof-ravi-kumar.pdf"',
    );
    expect(download.rawPayload.equals(pdf)).toBe(true);

    for (const caller of ['employee', 'customer', 'seller', 'delivery'] as const) {
      expect((await people.call(caller, { method: 'GET', url })).statusCode).toBe(403);
    }
    expect((await people.call(null, { method: 'GET', url })).statusCode).toBe(401);
    const unknown = await people.call('admin', {
      method: 'GET',
      url: '/api/employees/no-such-employee/id-proof',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an executable renamed .png, a missing file and a file over 5 MB, writing nothing', async () => {
    const before = await auditCount(people.ctx);
    const executable = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00', 'latin1'),
      Buffer.alloc(512),
    ]);
    const renamed = await postEmployee(employeeInput(), {
      name: 'photo.png',
      type: 'image/png',
      bytes: executable,
    });
    expect(renamed.statusCode).toBe(400);
    expect(errorOf(renamed).fields).toEqual({ idProof: PEOPLE_MESSAGES.idProofType });

    const missing = await postEmployee(employeeInput(), null);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual({ idProof: PEOPLE_MESSAGES.idProofRequired });

    const huge = await postEmployee(employeeInput(), {
      name: 'scan.pdf',
      type: 'application/pdf',
      bytes: Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]),
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).fields).toEqual({ idProof: PEOPLE_MESSAGES.idProofTooLarge });

    const fakePng = await postEmployee(employeeInput(), {
      name: 'broken.png',
      type: 'image/png',
      bytes: Buffer.concat([png.subarray(0, 16), Buffer.alloc(64)]),
    });
    expect(fakePng.statusCode).toBe(400);
    expect(await auditCount(people.ctx)).toBe(before);
  });

  it('refuses a bad Aadhaar, a mobile starting 5, an unknown role and a taken email or mobile', async () => {
    const before = await auditCount(people.ctx);
    const good = employeeInput();
    const badAadhaar = `${good.aadhaarNumber!.slice(0, 11)}${(Number(good.aadhaarNumber!.at(-1)) + 1) % 10}`;
    const invalid = await postEmployee({
      ...good,
      aadhaarNumber: badAadhaar,
      mobile: '5123456789',
      houseMobile: '0612',
      employeeRole: 'Manager',
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).fields).toEqual({
      aadhaarNumber: 'Invalid Aadhaar number',
      mobile: PEOPLE_MESSAGES.mobileInvalid,
      houseMobile: PEOPLE_MESSAGES.mobileInvalid,
      employeeRole: PEOPLE_MESSAGES.employeeRoleRequired,
    });

    const takenEmail = await postEmployee(employeeInput({ email: 'seller@bazaar.test' }));
    expect(takenEmail.statusCode).toBe(409);
    expect(errorOf(takenEmail).fields).toEqual({ email: ACCOUNT_MESSAGES.emailTaken });
    const takenMobile = await postEmployee(employeeInput({ mobile: '9876500006' }));
    expect(takenMobile.statusCode).toBe(409);
    expect(errorOf(takenMobile).fields).toEqual({ mobile: ACCOUNT_MESSAGES.mobileTaken });
    expect(await auditCount(people.ctx)).toBe(before);
  });

  it('lets only the admin create, list and disable employees', async () => {
    for (const caller of ['employee', 'customer', 'seller', 'delivery'] as const) {
      const create = await postEmployee(employeeInput(), null, caller);
      expect(create.statusCode, caller).toBe(403);
      const list = await people.call(caller, { method: 'GET', url: '/api/employees' });
      expect(list.statusCode, caller).toBe(403);
      const disable = await people.call(caller, {
        method: 'POST',
        url: '/api/employees/x/disable',
      });
      expect(disable.statusCode, caller).toBe(403);
    }
  });
});

describe('the employee list', () => {
  it('sends only the last four digits of the Aadhaar number, never the full number', async () => {
    const fields = employeeInput({ name: 'Aadhaar Masked' });
    expect((await postEmployee(fields)).statusCode).toBe(201);
    const list = await people.call('admin', {
      method: 'GET',
      url: '/api/employees?search=aadhaar%20masked',
    });
    expect(list.statusCode, list.body).toBe(200);
    const [employee] = list.json<EmployeePage>().items;
    expect(employee).toMatchObject({ aadhaarLastFour: fields.aadhaarNumber!.slice(-4) });
    expect(employee).not.toHaveProperty('aadhaarNumber');
    expect(list.body).not.toContain(fields.aadhaarNumber!);
    expect(list.body).not.toContain(fields.aadhaarNumber!.slice(0, 8));
  });

  it('searches name, mobiles, role, landmark, locality and city; includes the demo employee', async () => {
    const fields = employeeInput({
      name: 'Birju Mahto',
      employeeRole: 'Helper',
      locality: 'Danapur Cantt',
      landmark: 'Behind Gola Road',
      houseMobile: '7999999901',
    });
    expect((await postEmployee(fields)).statusCode).toBe(201);
    for (const search of [
      'birju',
      'MAHTO',
      fields.mobile!,
      fields.altMobile!,
      '7999999901',
      'helper',
      'gola',
      'danapur',
      'patna birju',
    ]) {
      const response = await people.call('admin', {
        method: 'GET',
        url: `/api/employees?search=${encodeURIComponent(search)}`,
      });
      expect(response.statusCode).toBe(200);
      expect(
        response.json<EmployeePage>().items.map((item) => item.email),
        search,
      ).toContain(fields.email);
    }
    const all = await people.call('admin', { method: 'GET', url: '/api/employees?search=rakesh' });
    expect(all.json<EmployeePage>().items[0]).toMatchObject({
      email: 'employee@bazaar.test',
      employeeRole: 'Sales Man',
      locality: '',
      hasIdProof: false,
    });
  });
});

describe('disabling an employee', () => {
  it('ends their sessions, stops their sign-in and audits it; a second disable is 409', async () => {
    const fields = employeeInput();
    const created = (await postEmployee(fields)).json<CreatedEmployee>();
    const login = await loginRequest(people.ctx.app, {
      area: 'employee',
      identifier: fields.email!,
      password: created.generatedPassword,
    });
    const cookie = sessionCookieOf(login.headers['set-cookie'])!;
    const session = await people.ctx.app.inject({
      method: 'GET',
      url: '/api/customers/summary',
      headers: { cookie },
    });
    expect(session.statusCode).toBe(200);

    const response = await people.call('admin', {
      method: 'POST',
      url: `/api/employees/${created.employee.id}/disable`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Employee>().disabledAt).not.toBeNull();

    const after = await people.ctx.app.inject({
      method: 'GET',
      url: '/api/customers/summary',
      headers: { cookie },
    });
    expect(after.statusCode).toBe(401);
    const again = await loginRequest(people.ctx.app, {
      area: 'employee',
      identifier: fields.email!,
      password: created.generatedPassword,
    });
    expect(again.statusCode).not.toBe(200);

    const audit = await auditRowsOf(people.ctx, 'employee', created.employee.id);
    expect(audit.map((row) => row.action)).toEqual(['create', 'disable']);
    expect(audit[1]!.before).toMatchObject({ disabledAt: null });

    const before = await auditCount(people.ctx);
    const twice = await people.call('admin', {
      method: 'POST',
      url: `/api/employees/${created.employee.id}/disable`,
    });
    expect(twice.statusCode).toBe(409);
    const unknown = await people.call('admin', {
      method: 'POST',
      url: '/api/employees/no-such-user/disable',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await auditCount(people.ctx)).toBe(before);
  });
});
