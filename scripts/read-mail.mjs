// Prints the newest mails a local server wrote as .eml files under DATA_DIR/mail (no SMTP_URL,
// outside production: docs/platform.md "Mail"), decoded: date, recipient, subject and text, so a
// verification link or an OTP can be copied from the terminal. The files themselves open in any
// mail program.
//
//   npm run mail            the newest mail
//   npm run mail -- 5       the five newest, newest first
//
// DATA_DIR is read as the server reads it: relative paths from apps/server, where `npm start` runs.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

const count = Number.parseInt(process.argv[2] ?? '1', 10);
if (!Number.isInteger(count) || count < 1) {
  console.error(
    'Usage: npm run mail [-- COUNT]   (COUNT: how many of the newest mails, 1 or more)',
  );
  process.exit(2);
}

const folder = path.join(path.resolve('apps/server', process.env.DATA_DIR ?? 'data'), 'mail');
const files = fs.existsSync(folder)
  ? fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse()
  : [];
if (files.length === 0) {
  console.log(`No mail in ${folder} yet (the server writes one file per mail there).`);
  process.exit(0);
}

for (const name of files.slice(0, count)) {
  const mail = await simpleParser(fs.readFileSync(path.join(folder, name)));
  console.log(`==== ${path.join(folder, name)}`);
  console.log(`Date:    ${mail.date?.toISOString() ?? '(none)'}`);
  console.log(
    `To:      ${
      mail.to
        ? [mail.to]
            .flat()
            .map((to) => to.text)
            .join(', ')
        : ''
    }`,
  );
  console.log(`Subject: ${mail.subject ?? ''}`);
  console.log('');
  console.log((mail.text ?? '').trim());
  console.log('');
}
