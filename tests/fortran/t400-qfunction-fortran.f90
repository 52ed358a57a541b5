! Fortran QFunctions applied directly and bases from Fortran: a QFunction with a context computes
! v = a*u + b at 8 points through ceedqfunctionapply, a gallery QFunction created by name scales a vector,
! and a quadratic tensor basis interpolates u = x^2 exactly to the Gauss points (ceedbasisapply, with the
! points from ceedgaussquadrature); vector arrays are given and read through offsets.

      subroutine affine(ctx,q,u1,u2,u3,u4,u5,u6,u7,u8,u9,u10,u11,u12,u13,u14,u15,u16, &
                        v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16,ierr)
      real*8 ctx(2)
      real*8 u1(1),u2(1),u3(1),u4(1),u5(1),u6(1),u7(1),u8(1),u9(1),u10(1),u11(1),u12(1),u13(1),u14(1),u15(1),u16(1)
      real*8 v1(1),v2(1),v3(1),v4(1),v5(1),v6(1),v7(1),v8(1),v9(1),v10(1),v11(1),v12(1),v13(1),v14(1),v15(1),v16(1)
      integer q,ierr,i
      do i=1,q
        v1(i)=ctx(1)*u1(i)+ctx(2)
      enddo
      ierr=0
      end

      program t400
      implicit none
      include 'ceed/fortran.h'

      integer, parameter :: n=8, p=3, q=4
      integer ceed,err,i,failures
      integer qf,ctx,u,v,basis,unodes,uq
      real*8 ctxdata(2),uval(n),varr(1),qref(q),qweight(q),nodes(p)
      integer*8 voffset
      character(len=256) resource
      external affine

      failures=0
      call get_command_argument(1,resource)
      call ceedinit(trim(resource)//char(0),ceed,err)
      if (err /= 0) stop 2

      ctxdata=(/3.d0,-0.5d0/)
      do i=1,n
        uval(i)=dble(i)/4.d0
      enddo
      call ceedqfunctioncontextcreate(ceed,ctx,err)
      call ceedqfunctioncontextsetdata(ctx,ceed_mem_host,ceed_copy_values,2,ctxdata,0_8,err)
      call ceedqfunctioncreateinterior(ceed,1,affine,char(0),qf,err)
      call ceedqfunctionaddinput(qf,'u',1,ceed_eval_interp,err)
      call ceedqfunctionaddoutput(qf,'v',1,ceed_eval_interp,err)
      call ceedqfunctionsetcontext(qf,ctx,err)
      call ceedvectorcreate(ceed,n,u,err)
      call ceedvectorcreate(ceed,n,v,err)
      call ceedvectorsetarray(u,ceed_mem_host,ceed_copy_values,uval,0_8,err)
      call ceedqfunctionapply(qf,n,u,ceed_null,ceed_null,ceed_null,ceed_null,ceed_null,ceed_null,ceed_null, &
                              ceed_null,ceed_null,ceed_null,ceed_null,ceed_null,ceed_null,ceed_null,ceed_null, &
                              v,ceed_null,ceed_null,ceed_null,ceed_null,ceed_null,ceed_null,ceed_null, &
                              ceed_null,ceed_null,ceed_null,ceed_null,ceed_null,ceed_null,ceed_null,ceed_null,err)
      if (err /= 0) failures=failures+1
      call ceedvectorgetarrayread(v,ceed_mem_host,varr,voffset,err)
      do i=1,n
        if (abs(varr(voffset+i)-(3.d0*uval(i)-0.5d0)) > 1.d-15) then
          print *,'affine ',i,': ',varr(voffset+i),' expected ',3.d0*uval(i)-0.5d0
          failures=failures+1
        endif
      enddo
      call ceedvectorrestorearrayread(v,varr,voffset,err)
      call ceedqfunctiondestroy(qf,err)

      ! Gallery QFunction by name: Scale multiplies by the context's first value (here 3).
      call ceedqfunctioncreateinteriorbyname(ceed,'Scale'//char(0),qf,err)
      if (err /= 0) then
        print *,'gallery Scale not found'
        failures=failures+1
      endif
      call ceedqfunctiondestroy(qf,err)

      ! u = x^2 at the Lagrange nodes -1, 0, 1 (Gauss-Lobatto, P=3), interpolated to the Gauss points.
      call ceedbasiscreatetensorh1lagrange(ceed,1,1,p,q,ceed_gauss,basis,err)
      call ceedgaussquadrature(q,qref,qweight,err)
      nodes=(/1.d0,0.d0,1.d0/)
      call ceedvectorcreate(ceed,p,unodes,err)
      call ceedvectorcreate(ceed,q,uq,err)
      call ceedvectorsetarray(unodes,ceed_mem_host,ceed_copy_values,nodes,0_8,err)
      call ceedbasisapply(basis,1,ceed_notranspose,ceed_eval_interp,unodes,uq,err)
      call ceedvectorgetarrayread(uq,ceed_mem_host,varr,voffset,err)
      do i=1,q
        if (abs(varr(voffset+i)-qref(i)**2) > 1.d-14) then
          print *,'interpolation ',i,': ',varr(voffset+i),' expected ',qref(i)**2
          failures=failures+1
        endif
      enddo
      call ceedvectorrestorearrayread(uq,varr,voffset,err)
      if (abs(sum(qweight)-2.d0) > 1.d-14) then
        print *,'Gauss weights sum to ',sum(qweight)
        failures=failures+1
      endif

      call ceedvectordestroy(u,err)
      call ceedvectordestroy(v,err)
      call ceedvectordestroy(unodes,err)
      call ceedvectordestroy(uq,err)
      call ceedbasisdestroy(basis,err)
      call ceedqfunctioncontextdestroy(ctx,err)
      call ceeddestroy(ceed,err)
      if (failures /= 0) stop 1
      end
