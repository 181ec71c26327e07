import { SimulatorPath, THREE_DS_MESSAGE_TYPE, type ThreeDsMessage } from '@topup/contracts/simulators';
import { escapeUTF8 } from 'entities';
import type { Order } from '../world/orders';
import { amountLine, hidden, type Page, scriptJson } from './pages';

/**
 * What each simulator page says and offers: the 3DS2 challenge and its result, Checkout.com's 3-D Secure
 * page, the issuer's page and the hosted payment page (pages.ts renders them).
 */

/** The issuer's password challenge; Adyen's and Checkout.com's simulators post it to their own path. */
export function challengePage(
  order: Order,
  token: string,
  action: string = SimulatorPath.adyenChallenge,
): Page {
  return {
    title: 'التحقق من البنك',
    body: `<h1 id="title">التحقق من هويتك لدى البنك</h1>
<p>لا تغلق المتصفح، واتبع تعليمات التحقق من البنك.</p>
${amountLine(order.amount)}
<form class="card" method="post" action="${action}" aria-labelledby="title" data-testid="challenge-form">
${hidden('order_id', order.id)}${hidden('token', token)}
<label for="password">كلمة مرور التحقق</label>
<input id="password" name="password" type="password" autocomplete="one-time-code" required autofocus aria-describedby="hint" data-testid="challenge-password">
<p id="hint" class="hint">بيئة اختبار: كلمة المرور <span class="ltr">password</span> تؤكّد الدفع، وأي كلمة أخرى تُفشل التحقق.</p>
<button type="submit" class="primary" data-testid="challenge-submit">تأكيد</button>
</form>`,
  };
}

/** Posts the result to the app's frame (only to the app's origin), and offers a way back when standalone. */
export function challengeResultPage(order: Order, passed: boolean, threeDSResult: string): Page {
  const message: ThreeDsMessage = {
    type: THREE_DS_MESSAGE_TYPE,
    order_id: order.id,
    transStatus: passed ? 'Y' : 'N',
    threeDSResult,
  };
  const back = `${order.returnUrl}&${new URLSearchParams({ threeDSResult })}`;
  const appOrigin = originOfUrl(order.returnUrl);
  return {
    title: passed ? 'تم التحقق' : 'لم يكتمل التحقق',
    body: `<h1>${passed ? 'تم التحقق' : 'لم يكتمل التحقق'}</h1>
<p role="status" data-testid="challenge-result" data-trans-status="${message.transStatus}">${
      passed ? 'تم التحقق من هويتك، وجارٍ إتمام الدفع.' : 'لم يكتمل التحقق من البنك. تابع لترى نتيجة الدفع.'
    }</p>
<a class="button primary" href="${escapeUTF8(back)}" data-testid="challenge-continue">متابعة</a>`,
    script: `(function(){var m=${scriptJson(message)},o=${scriptJson(appOrigin)};if(o!=='null'&&window.parent&&window.parent!==window){window.parent.postMessage(m,o);}})();`,
  };
}

/** The app's origin, the only one the challenge result is posted to; none when the URL is unusable. */
function originOfUrl(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

/** Checkout.com's 3-D Secure page: the challenge's password form, or the issuer's (fingerprint: one tap). */
export function checkoutThreeDsPage(
  order: Order,
  token: string,
  kind: 'challenge' | 'identify' | 'redirect',
): Page {
  const fields = `${hidden('order_id', order.id)}${hidden('token', token)}`;
  const action = SimulatorPath.checkoutThreeDs;
  if (kind === 'challenge') return challengePage(order, token, action);
  if (kind === 'identify') {
    return {
      title: 'التحقق من الجهاز',
      body: `<h1 id="title">التحقق من الجهاز لدى البنك</h1>
<p>يتحقق البنك من جهازك، ثم يعود بك إلى الدفع.</p>
<form class="card" method="post" action="${action}" aria-labelledby="title">
${fields}
<button type="submit" name="decision" value="approve" class="primary" data-testid="fingerprint-continue">متابعة</button>
</form>`,
    };
  }
  return {
    title: 'صفحة البنك المُصدر',
    body: `<h1 id="title">صفحة البنك المُصدر</h1>
<p>يطلب البنك تأكيد هذا الدفع.</p>
${amountLine(order.amount)}
<form class="card" method="post" action="${action}" aria-labelledby="title">
${fields}
<button type="submit" name="decision" value="approve" class="primary" data-testid="issuer-approve">الموافقة على الدفع</button>
<button type="submit" name="decision" value="decline" class="danger" data-testid="issuer-decline">رفض الدفع</button>
</form>`,
  };
}

export function issuerPage(order: Order): Page {
  return {
    title: 'صفحة البنك المُصدر',
    body: `<h1 id="title">صفحة البنك المُصدر</h1>
<p>يطلب البنك تأكيد هذا الدفع.</p>
${amountLine(order.amount)}
<form class="card" method="post" action="${SimulatorPath.adyenIssuer}" aria-labelledby="title">
${hidden('order_id', order.id)}
<button type="submit" name="decision" value="approve" class="primary" data-testid="issuer-approve">الموافقة على الدفع</button>
<button type="submit" name="decision" value="decline" class="danger" data-testid="issuer-decline">رفض الدفع</button>
</form>`,
  };
}

export function hostedPage(order: Order): Page {
  const title = order.purpose === 'fine' ? 'دفع الغرامة' : 'صفحة الدفع';
  return {
    title,
    body: `<h1 id="title">${title}</h1>
<p>صفحة دفع تجريبية لمزوّد الدفع (نوع الدفع <span class="ltr">${order.payType}</span>).</p>
${amountLine(order.amount)}
<form class="card" method="post" action="${SimulatorPath.hostedPay}" aria-labelledby="title">
${hidden('order_id', order.id)}
<button type="submit" name="decision" value="pay" class="primary" data-testid="hosted-pay">ادفع</button>
<button type="submit" name="decision" value="fail" class="danger" data-testid="hosted-fail">رفض الدفع</button>
<button type="submit" name="decision" value="cancel" class="secondary" data-testid="hosted-cancel">إلغاء</button>
</form>`,
  };
}
