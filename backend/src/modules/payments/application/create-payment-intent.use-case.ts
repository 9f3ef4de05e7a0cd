import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type AdjustmentStyle } from '@listinglens/contracts';
import { BadRequestError } from '../../../shared/errors/app-error';
import { getPackage, isPackageType } from '../../packages';
import { PaymentGateway } from '../ports/payment-gateway';

export interface CreatePaymentIntentCommand {
  userId: number;
  email: string;
  packageType: string;
  /** The look the order is rendered in (validated by the DTO). */
  look: AdjustmentStyle;
  /** Whether the order's photos are blurred for privacy (faces, licence plates). */
  privacyBlur: boolean;
  /** The client's Idempotency-Key, so a double click creates one intent; a fresh one otherwise. */
  requestKey?: string;
}

/** Starts a payment for a catalogue package; the amount always comes from the catalogue, never the client. */
@Injectable()
export class CreatePaymentIntent {
  constructor(private readonly gateway: PaymentGateway) {}

  async execute(command: CreatePaymentIntentCommand): Promise<{ clientSecret: string; paymentIntentId: string }> {
    if (!isPackageType(command.packageType)) {
      throw new BadRequestError('UNKNOWN_PACKAGE', 'Unknown package. Choose basic, standard or premium.');
    }
    const pkg = getPackage(command.packageType);
    const intent = await this.gateway.createPaymentIntent({
      amount: pkg.price,
      currency: pkg.currency,
      userId: command.userId,
      userEmail: command.email,
      packageType: pkg.id,
      look: command.look,
      privacyBlur: command.privacyBlur,
      // The look and the blur are part of the key: the same request key with another choice is another purchase.
      idempotencyKey: `create-pi:${command.userId}:${pkg.id}:${command.look}:${command.privacyBlur ? 'blur' : 'plain'}:${command.requestKey ?? randomUUID()}`,
    });
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
  }
}
