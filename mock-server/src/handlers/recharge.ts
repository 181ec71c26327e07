import {
  type ChargeListInfo,
  type ChargePackage,
  DisplayGroup,
  displayGroupOf,
  extraRecommend,
  packagesFor,
  recommends,
  ServerCode,
  type TestPackage,
} from '@topup/contracts';
import { PAY_METHOD_ORDER, payMethodDisplayName, payMethodOf } from '@topup/contracts/payMethodNames';
import type { Handlers } from '../contract/reply';
import { ok, refuse } from '../contract/reply';
import type { MockAccount } from '../world/people';

/** The channel list's groups in the order the app shows them (SPEC §3). */
const GROUP_ORDER = [DisplayGroup.wallet, DisplayGroup.p13, DisplayGroup.p6, DisplayGroup.p17] as const;

/**
 * A package's methods as a Saudi visitor knows them (contracts/payMethodNames.ts): one entry per method, its
 * name and the package's pay types that reach it, in the method order.
 */
function displayMethodsOf(item: TestPackage): ChargePackage['payItemDisplayMethods'] {
  return PAY_METHOD_ORDER.flatMap((method) => {
    const methods = item.pay_sub_types
      .filter((payType) => payMethodOf[payType] === method)
      .map((payType) => ({ subType: payType, recharge_id: item.recharge_id }));
    return methods.length === 0 ? [] : [{ displayName: payMethodDisplayName[method], methods }];
  });
}

function chargePackageOf(item: TestPackage): ChargePackage {
  return {
    recharge_id: item.recharge_id,
    amount: item.amount,
    coin: item.coin,
    extra_coin: item.extra_coin,
    origin_coin: item.origin_coin,
    icon: item.icon,
    pay_sub_types: [...item.pay_sub_types],
    new_user_only: item.new_user_only,
    payItemDisplayMethods: displayMethodsOf(item),
  };
}

/**
 * The charge list for a target (TESTDATA "Charge packages"): new-user-only packages only when the target is
 * new, the 199.99 USD ones and up only when signed in; recommends as the catalogue has them, 'hot' included.
 */
export function chargeListFor(
  target: MockAccount | undefined,
  loggedIn: boolean,
  newDevice: boolean,
): ChargeListInfo {
  const isNew = target?.is_new ?? false;
  const rows = packagesFor({ loggedIn, isNew });
  const list = rows.map(chargePackageOf);
  const present = new Set(rows.flatMap((item) => item.pay_sub_types.map(displayGroupOf)));
  return {
    list,
    is_new: isNew,
    is_new_uid: isNew,
    is_new_h5device: newDevice,
    pay_group: GROUP_ORDER.filter((group) => present.has(group)),
    extra_recommend: extraRecommend,
    recommends: [...recommends],
  };
}

export const rechargeHandlers: Pick<
  Handlers,
  'getRechargeListV3' | 'rechargeFillRecord' | 'uploadRechargeFillRecord'
> = {
  getRechargeListV3: (request, { world, sessionKey }) => {
    // Without a uid: the packages any target is offered, so a visitor sees prices before typing an ID.
    const target = request.uid === undefined ? undefined : world.people.accountByUid(request.uid);
    if (request.uid !== undefined && target === undefined) return refuse(ServerCode.accountNotFound);
    // The dispatcher has already answered -10000 for a session key that is not signed in.
    const loggedIn = sessionKey !== undefined;
    const newDevice = request.h5_deviceid !== undefined && !world.people.hasDevicePaid(request.h5_deviceid);
    return ok(chargeListFor(target, loggedIn, newDevice));
  },

  rechargeFillRecord: (request, { world, sessionKey }) => {
    const user = sessionKey === undefined ? undefined : world.sessions.sessionUser(sessionKey);
    if (user === undefined) return refuse(ServerCode.loggedOut);
    return ok(world.people.history(user.uid, request.offset, request.limit, request.h5_deviceid));
  },

  uploadRechargeFillRecord: (request, { world, sessionKey }) => {
    const user = sessionKey === undefined ? undefined : world.sessions.sessionUser(sessionKey);
    if (user === undefined) return refuse(ServerCode.loggedOut);
    return ok({ merged: world.people.mergeHistory(user.uid, request.h5_deviceid, request.records) });
  },
};
