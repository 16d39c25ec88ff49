// @vitest-environment jsdom
import '../../../support/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContactForm } from '../../../../src/areas/storefront/contact/contact-form';
import { fakeApi, refusal } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * The Contact US form carries the sign-in's captcha (docs/catalog.md, docs/security.md): it
 * shows the captcha, sends its id and the typed answer with the message, and after a refusal
 * brings a new captcha (each is single use).
 */

const CAPTCHA_IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+';

function fillMessage(): void {
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Anjali Kumari' } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'anjali@example.in' } });
  fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '9123456780' } });
  fireEvent.change(screen.getByLabelText(/^Subject/), { target: { value: 'Size exchange' } });
  fireEvent.change(screen.getByLabelText(/^Message/), {
    target: { value: 'I want to exchange a kurti for a larger size.' },
  });
}

describe('the contact form', () => {
  it('shows the captcha and sends its id and answer with the message', async () => {
    let issued = 0;
    const seen = fakeApi({
      'POST /api/captchas': () => {
        issued += 1;
        return {
          status: 201,
          body: { captchaId: `captcha-${issued}`, image: CAPTCHA_IMAGE, expiresInSeconds: 300 },
        };
      },
      'POST /api/contact-messages': { status: 201, body: { id: 7 } },
    });
    renderPage(<ContactForm />, { url: '/ContactUS' });
    expect(await screen.findByAltText('Captcha code')).toBeTruthy();
    fillMessage();
    fireEvent.change(screen.getByLabelText(/^Captcha/), { target: { value: 'abcdefg' } });
    fireEvent.click(screen.getByRole('button', { name: /Send message/ }));
    await waitFor(() =>
      expect(seen.some((request) => request.url.pathname === '/api/contact-messages')).toBe(true),
    );
    const sent = seen.find((request) => request.url.pathname === '/api/contact-messages');
    expect(sent?.body).toEqual({
      name: 'Anjali Kumari',
      email: 'anjali@example.in',
      phone: '9123456780',
      subject: 'Size exchange',
      message: 'I want to exchange a kurti for a larger size.',
      captchaId: 'captcha-1',
      captchaCode: 'abcdefg',
    });
  });

  it('asks for the captcha before sending, and shows a refused answer with a new captcha', async () => {
    let issued = 0;
    const seen = fakeApi({
      'POST /api/captchas': () => {
        issued += 1;
        return {
          status: 201,
          body: { captchaId: `captcha-${issued}`, image: CAPTCHA_IMAGE, expiresInSeconds: 300 },
        };
      },
      'POST /api/contact-messages': {
        status: 400,
        body: refusal('VALIDATION_FAILED', 'Please Enter Valid Captcha Code !!', {
          fields: { captchaCode: 'Please Enter Valid Captcha Code !!' },
        }),
      },
    });
    renderPage(<ContactForm />, { url: '/ContactUS' });
    await screen.findByAltText('Captcha code');
    fillMessage();
    fireEvent.click(screen.getByRole('button', { name: /Send message/ }));
    expect(await screen.findByText('Please enter the captcha')).toBeTruthy();
    expect(seen.some((request) => request.url.pathname === '/api/contact-messages')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Captcha/), { target: { value: 'WRONG12' } });
    fireEvent.click(screen.getByRole('button', { name: /Send message/ }));
    expect(await screen.findByText('Please Enter Valid Captcha Code !!')).toBeTruthy();
    await waitFor(() => expect(issued).toBe(2));
  });
});
