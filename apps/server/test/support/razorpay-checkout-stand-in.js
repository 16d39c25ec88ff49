/* global document, window -- a browser script (no build step), not Node */
/*
 * A stand-in for Razorpay's checkout.js in the browser tests, served by the Razorpay test double
 * (razorpay-double.ts, `GET /v1/checkout.js`). Never part of the app: the web app loads
 * https://checkout.razorpay.com/v1/checkout.js, and e2e/support/razorpay.ts answers that URL with
 * this script. It offers what apps/web/src/api/payments/load-razorpay.ts uses of the real one:
 * `new Razorpay(options)`, `.open()`, `.on('payment.failed', fn)`, `options.handler` and
 * `options.modal.ondismiss`. `open()` shows a dialog with the amount; its Pay button asks the
 * double to pay the order (`POST {api}/v1/checkout/pay`: a captured payment, signed with the key
 * secret as Razorpay signs it) and hands the answer to `handler`; Cancel calls `ondismiss`.
 * Plain browser JavaScript (no build step); styles set through the CSSOM, which the app's CSP
 * allows.
 */
(function () {
  var API = '__RAZORPAY_DOUBLE_API__';

  function rupees(paise) {
    return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(
      paise / 100,
    );
  }

  function Razorpay(options) {
    this.options = options;
    this.failedListeners = [];
  }

  Razorpay.prototype.on = function (event, listener) {
    if (event === 'payment.failed') this.failedListeners.push(listener);
  };

  Razorpay.prototype.open = function () {
    var options = this.options;
    var failed = this.failedListeners;
    var backdrop = document.createElement('div');
    backdrop.style.cssText =
      'position:fixed;inset:0;z-index:100000;background:rgba(0,0,0,.55);display:flex;' +
      'align-items:center;justify-content:center;font-family:sans-serif';
    var dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', 'Razorpay Checkout (test stand-in)');
    dialog.style.cssText =
      'background:#fff;border-radius:8px;padding:24px;min-width:300px;max-width:90vw;' +
      'box-shadow:0 8px 32px rgba(0,0,0,.3)';
    var title = document.createElement('h2');
    title.textContent = options.name + ' (Razorpay test stand-in)';
    title.style.cssText = 'margin:0 0 8px;font-size:20px';
    var what = document.createElement('p');
    what.textContent = (options.description || '') + ': ' + rupees(options.amount);
    var who = document.createElement('p');
    who.textContent = options.prefill && options.prefill.email ? options.prefill.email : '';
    who.style.cssText = 'color:#555;font-size:14px';
    var pay = document.createElement('button');
    pay.type = 'button';
    pay.textContent = 'Pay ' + rupees(options.amount);
    pay.style.cssText =
      'background:' +
      ((options.theme && options.theme.color) || '#3395ff') +
      ';color:#fff;border:0;border-radius:4px;padding:10px 16px;margin-right:8px;cursor:pointer';
    var cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel';
    cancel.style.cssText = 'border:1px solid #999;border-radius:4px;padding:10px 16px';
    dialog.append(title, what, who, pay, cancel);
    backdrop.append(dialog);
    document.body.append(backdrop);

    cancel.addEventListener('click', function () {
      backdrop.remove();
      if (options.modal && options.modal.ondismiss) options.modal.ondismiss();
    });
    pay.addEventListener('click', function () {
      pay.disabled = true;
      fetch(API + '/v1/checkout/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: options.key, order_id: options.order_id }),
      })
        .then(function (answer) {
          return answer.json().then(function (body) {
            if (!answer.ok) throw new Error(body.error ? body.error.description : 'refused');
            return body;
          });
        })
        .then(
          function (payment) {
            backdrop.remove();
            options.handler(payment);
          },
          function (error) {
            backdrop.remove();
            failed.forEach(function (listener) {
              listener({ error: { description: String(error.message || error) } });
            });
          },
        );
    });
  };

  window.Razorpay = Razorpay;
})();
