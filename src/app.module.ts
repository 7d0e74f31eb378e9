import { DynamicModule, Module } from '@nestjs/common';
import { CircuitsModule } from './circuits/circuits.module';
import { AppConfig } from './core/config/config';
import { CoreModule } from './core/core.module';
import { dialectApps } from './core/crud/api-app';
import { CoreAppModule } from './core-app/core-app.module';
import { Plugin } from './core/plugins/plugin';
import { DcimModule } from './dcim/dcim.module';
import { ExtrasModule } from './extras/extras.module';
import { GraphqlModule } from './graphql/graphql.module';
import { IpamModule } from './ipam/ipam.module';
import './models';
import { TenancyModule } from './tenancy/tenancy.module';
import { UsersModule } from './users/users.module';
import { VirtualizationModule } from './virtualization/virtualization.module';
import { VpnModule } from './vpn/vpn.module';
import { WirelessModule } from './wireless/wireless.module';

@Module({})
export class AppModule {
  /** `extra`: further application modules, such as a test's own. */
  static forRoot(config: AppConfig, plugins: Plugin[] = [], extra: DynamicModule[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, plugins),
        CircuitsModule,
        CoreAppModule,
        DcimModule,
        ExtrasModule,
        IpamModule,
        TenancyModule,
        UsersModule,
        VirtualizationModule,
        VpnModule,
        WirelessModule,
        dialectApps(),
        GraphqlModule,
        ...plugins.map((p) => p.module()),
        ...extra,
      ],
    };
  }
}
