! A libCEED Fortran application: a 1D mass operator on a graded mesh with QFunctions written in Fortran
! (geometric factors scaled through a context, then the mass action), run on the resource given as the
! first argument. Checks: the operator applied to 1 and to x integrates them over [0, 1] (1 and 1/2,
! times the context's scale 2); the assembled diagonal equals the diagonal found by applying the operator
! to unit vectors; vector norms; destroyed handles become ceed_null. The mass subroutine's source string
! names a C twin that computes twice its result (tests/conformance/t406-qfunction-fortran-status.h, found
! through CEEDRT_TEST_SOURCE_DIR): CPU backends run the subroutine in applications and assembly alike.

      subroutine setup(ctx,q,u1,u2,u3,u4,u5,u6,u7,u8,u9,u10,u11,u12,u13,u14,u15,u16, &
                       v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16,ierr)
      real*8 ctx(1)
      real*8 u1(1),u2(1),u3(1),u4(1),u5(1),u6(1),u7(1),u8(1),u9(1),u10(1),u11(1),u12(1),u13(1),u14(1),u15(1),u16(1)
      real*8 v1(1),v2(1),v3(1),v4(1),v5(1),v6(1),v7(1),v8(1),v9(1),v10(1),v11(1),v12(1),v13(1),v14(1),v15(1),v16(1)
      integer q,ierr,i
      do i=1,q
        v1(i)=ctx(1)*u1(i)*u2(i)
      enddo
      ierr=0
      end

      subroutine mass(ctx,q,u1,u2,u3,u4,u5,u6,u7,u8,u9,u10,u11,u12,u13,u14,u15,u16, &
                      v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16,ierr)
      real*8 ctx(1)
      real*8 u1(1),u2(1),u3(1),u4(1),u5(1),u6(1),u7(1),u8(1),u9(1),u10(1),u11(1),u12(1),u13(1),u14(1),u15(1),u16(1)
      real*8 v1(1),v2(1),v3(1),v4(1),v5(1),v6(1),v7(1),v8(1),v9(1),v10(1),v11(1),v12(1),v13(1),v14(1),v15(1),v16(1)
      integer q,ierr,i
      do i=1,q
        v1(i)=u2(i)*u1(i)
      enddo
      ierr=0
      end

      program t500
      implicit none
      include 'ceed/fortran.h'

      integer, parameter :: nelem=5, p=3, q=4, ndofs=nelem*(p-1)+1
      integer ceed,err,i,j,failures
      integer rx,ru,rq,bx,bu,qfsetup,qfmass,ctx,opsetup,opmass
      integer x,qdata,u,v,diag
      integer strides(3)
      integer indx(nelem*p)
      real*8 xval(ndofs),ctxdata(1),uarr(1),varr(1),darr(1),total,norm
      real*8 column(ndofs)
      integer*8 uoffset,voffset,doffset
      character(len=256) resource
      character(len=1024) srcdir
      external setup,mass

      failures=0
      call get_command_argument(1,resource)
      call ceedinit(trim(resource)//char(0),ceed,err)
      if (err /= 0) stop 2
      call get_environment_variable('CEEDRT_TEST_SOURCE_DIR',srcdir)
      if (len_trim(srcdir) == 0) then
        print *,'CEEDRT_TEST_SOURCE_DIR is not set'
        failures=failures+1
      endif

      do i=0,nelem-1
        do j=0,p-1
          indx(p*i+j+1)=(p-1)*i+j
        enddo
      enddo
      do i=1,ndofs
        xval(i)=(dble(i-1)/(ndofs-1))**2
      enddo
      strides=(/1,q,q/)

      call ceedelemrestrictioncreate(ceed,nelem,p,1,1,ndofs,ceed_mem_host,ceed_use_pointer,indx,rx,err)
      call ceedelemrestrictioncreate(ceed,nelem,p,1,1,ndofs,ceed_mem_host,ceed_copy_values,indx,ru,err)
      call ceedelemrestrictioncreatestrided(ceed,nelem,q,1,q*nelem,strides,rq,err)
      call ceedbasiscreatetensorh1lagrange(ceed,1,1,2,q,ceed_gauss,bx,err)
      call ceedbasisdestroy(bx,err)
      call ceedbasiscreatetensorh1lagrange(ceed,1,1,p,q,ceed_gauss,bx,err)
      call ceedbasiscreatetensorh1lagrange(ceed,1,1,p,q,ceed_gauss,bu,err)

      ctxdata(1)=2.d0
      call ceedqfunctioncontextcreate(ceed,ctx,err)
      call ceedqfunctioncontextsetdata(ctx,ceed_mem_host,ceed_copy_values,1,ctxdata,0_8,err)
      call ceedqfunctioncreateinterior(ceed,1,setup,''//char(0),qfsetup,err)
      call ceedqfunctionaddinput(qfsetup,'weight',1,ceed_eval_weight,err)
      call ceedqfunctionaddinput(qfsetup,'dx',1,ceed_eval_grad,err)
      call ceedqfunctionaddoutput(qfsetup,'rho',1,ceed_eval_none,err)
      call ceedqfunctionsetcontext(qfsetup,ctx,err)
      call ceedqfunctioncreateinterior(ceed,1,mass,trim(srcdir)// &
           '/conformance/t406-qfunction-fortran-status.h:twin_mass'//char(0),qfmass,err)
      call ceedqfunctionaddinput(qfmass,'rho',1,ceed_eval_none,err)
      call ceedqfunctionaddinput(qfmass,'u',1,ceed_eval_interp,err)
      call ceedqfunctionaddoutput(qfmass,'v',1,ceed_eval_interp,err)

      call ceedvectorcreate(ceed,ndofs,x,err)
      call ceedvectorsetarray(x,ceed_mem_host,ceed_use_pointer,xval,0_8,err)
      call ceedvectorcreate(ceed,nelem*q,qdata,err)
      call ceedvectorcreate(ceed,ndofs,u,err)
      call ceedvectorcreate(ceed,ndofs,v,err)
      call ceedvectorcreate(ceed,ndofs,diag,err)

      call ceedoperatorcreate(ceed,qfsetup,ceed_qfunction_none,ceed_qfunction_none,opsetup,err)
      call ceedoperatorsetfield(opsetup,'weight',ceed_elemrestriction_none,bx,ceed_vector_none,err)
      call ceedoperatorsetfield(opsetup,'dx',rx,bx,ceed_vector_active,err)
      call ceedoperatorsetfield(opsetup,'rho',rq,ceed_basis_none,ceed_vector_active,err)
      call ceedoperatorcreate(ceed,qfmass,ceed_qfunction_none,ceed_qfunction_none,opmass,err)
      call ceedoperatorsetfield(opmass,'rho',rq,ceed_basis_none,qdata,err)
      call ceedoperatorsetfield(opmass,'u',ru,bu,ceed_vector_active,err)
      call ceedoperatorsetfield(opmass,'v',ru,bu,ceed_vector_active,err)
      call ceedoperatorapply(opsetup,x,qdata,ceed_request_immediate,err)
      if (err /= 0) then
        print *,'setup operator failed: ',err
        failures=failures+1
      endif

      ! The integrals of 1 and of x over [0, 1], times the scale 2.
      do j=1,2
        if (j == 1) then
          call ceedvectorsetvalue(u,1.d0,err)
        else
          call ceedvectorsetarray(u,ceed_mem_host,ceed_copy_values,xval,0_8,err)
        endif
        call ceedoperatorapply(opmass,u,v,ceed_request_immediate,err)
        call ceedvectorgetarrayread(v,ceed_mem_host,varr,voffset,err)
        total=0.d0
        do i=1,ndofs
          total=total+varr(voffset+i)
        enddo
        call ceedvectorrestorearrayread(v,varr,voffset,err)
        if (abs(total-2.d0/j) > 1.d-13) then
          print *,'integral ',j,': ',total,' expected ',2.d0/j
          failures=failures+1
        endif
      enddo

      ! Assembled diagonal against the operator applied to unit vectors.
      call ceedoperatorlinearassemblediagonal(opmass,diag,ceed_request_immediate,err)
      if (err /= 0) then
        print *,'diagonal assembly failed: ',err
        failures=failures+1
      endif
      do i=1,ndofs
        call ceedvectorgetarraywrite(u,ceed_mem_host,uarr,uoffset,err)
        do j=1,ndofs
          uarr(uoffset+j)=0.d0
        enddo
        uarr(uoffset+i)=1.d0
        call ceedvectorrestorearray(u,uarr,uoffset,err)
        call ceedoperatorapply(opmass,u,v,ceed_request_immediate,err)
        call ceedvectorgetarrayread(v,ceed_mem_host,varr,voffset,err)
        column(i)=varr(voffset+i)
        call ceedvectorrestorearrayread(v,varr,voffset,err)
      enddo
      call ceedvectorgetarrayread(diag,ceed_mem_host,darr,doffset,err)
      do i=1,ndofs
        if (abs(darr(doffset+i)-column(i)) > 1.d-14) then
          print *,'diagonal ',i,': ',darr(doffset+i),' expected ',column(i)
          failures=failures+1
        endif
      enddo
      call ceedvectorrestorearrayread(diag,darr,doffset,err)

      call ceedvectorsetvalue(u,-3.d0,err)
      call ceedvectornorm(u,ceed_norm_2,norm,err)
      if (abs(norm-3.d0*sqrt(dble(ndofs))) > 1.d-13) then
        print *,'norm ',norm,' expected ',3.d0*sqrt(dble(ndofs))
        failures=failures+1
      endif
      call ceedvectornorm(u,ceed_norm_max,norm,err)
      if (abs(norm-3.d0) > 0.d0) then
        print *,'max norm ',norm,' expected 3'
        failures=failures+1
      endif

      call ceedvectordestroy(x,err)
      call ceedvectordestroy(qdata,err)
      call ceedvectordestroy(u,err)
      call ceedvectordestroy(v,err)
      call ceedvectordestroy(diag,err)
      call ceedoperatordestroy(opsetup,err)
      call ceedoperatordestroy(opmass,err)
      call ceedqfunctiondestroy(qfsetup,err)
      call ceedqfunctiondestroy(qfmass,err)
      call ceedqfunctioncontextdestroy(ctx,err)
      call ceedelemrestrictiondestroy(rx,err)
      call ceedelemrestrictiondestroy(ru,err)
      call ceedelemrestrictiondestroy(rq,err)
      call ceedbasisdestroy(bx,err)
      call ceedbasisdestroy(bu,err)
      if (x /= ceed_null .or. opmass /= ceed_null .or. bu /= ceed_null) then
        print *,'destroyed handles are not ceed_null'
        failures=failures+1
      endif
      call ceeddestroy(ceed,err)
      if (err /= 0) failures=failures+1
      if (failures /= 0) stop 1
      end
