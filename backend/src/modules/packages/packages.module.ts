import { Module } from '@nestjs/common';
import { PackagesController } from './http/packages.controller';

@Module({ controllers: [PackagesController] })
export class PackagesModule {}
