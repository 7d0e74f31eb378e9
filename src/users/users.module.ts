import { apiApp } from '../core/crud/api-app';
import { Group, ObjectPermission, Token, User } from './models';
import { LoginThrottle } from './login-throttle';
import { Owner, OwnerGroup } from './owners.models';
import { TokenProvisionController, UserConfigController } from './users.controller';
import { LoginController } from './web/login.controller';
import { SessionService } from './web/session.service';
import { UserTokensController } from './web/tokens.controller';
import { UserTokensService } from './web/user-tokens.service';

export const UsersModule = apiApp('users', [User, Group, ObjectPermission, Token, OwnerGroup, Owner], {
  controllers: [TokenProvisionController, UserConfigController, LoginController, UserTokensController],
  providers: [SessionService, UserTokensService, LoginThrottle],
});
